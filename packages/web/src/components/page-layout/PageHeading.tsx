import { useRef, type ReactNode } from "react";
import { useFocusAfterNavigation } from "./route-focus.tsx";

/**
 * A page's title (its only `h1`): focusable by script, not by Tab, and focused when the page was
 * reached by a navigation inside the app (see `route-focus.tsx`).
 */
export function PageHeading({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusAfterNavigation(ref);
  return (
    <h1 className={className} tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
