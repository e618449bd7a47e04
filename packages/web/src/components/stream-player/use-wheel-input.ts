import { useEffect, type RefObject } from "react";

type Send = (type: string, data: object) => boolean;

/**
 * One wheel notch per event, in the SDK's sense: a positive delta (down, or right) is -1, as
 * Linux's wheel axes count the other way.
 */
export function wheelStep(delta: number): -1 | 0 | 1 {
  if (delta === 0) return 0;
  return delta > 0 ? -1 : 1;
}

/** The mouse wheel over the video scrolls the device, not the page. */
export function useWheelInput(videoRef: RefObject<HTMLVideoElement | null>, send: Send) {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const x = wheelStep(event.deltaX);
      const y = wheelStep(event.deltaY);
      if (x !== 0 || y !== 0) send("input::mouse-wheel", { x, y });
    };
    // React listens to wheel passively, where preventDefault is ignored: listen directly.
    video.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      video.removeEventListener("wheel", onWheel);
    };
  }, [videoRef, send]);
}
