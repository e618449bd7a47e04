import { useEffect, useRef, type ComponentProps } from "react";
import { UploadProgress } from "../../../components/upload/UploadProgress.tsx";

/**
 * The upload's progress, brought into view as it starts: the form is sent from its last button,
 * far below the APK field on a phone, and that button is disabled while the upload runs. The
 * focus moves to "Cancel upload", which scrolls to the bar and leaves the keyboard a way out.
 */
export function UploadProgressInView(props: ComponentProps<typeof UploadProgress>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const cancel = ref.current?.querySelector("button");
    if (cancel) cancel.focus();
    else ref.current?.scrollIntoView({ block: "center" });
  }, []);
  return (
    <div ref={ref}>
      <UploadProgress {...props} />
    </div>
  );
}
