import { useCallback, useEffect, useState, type RefObject } from "react";

/** Full screen for one element (the whole player, so that its toolbar stays reachable). */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  // Read once: whether the page may go full screen does not change while it is open.
  const [available] = useState(() => document.fullscreenEnabled);

  useEffect(() => {
    const onChange = () => {
      setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => {
      document.removeEventListener("fullscreenchange", onChange);
    };
  }, [ref]);

  const toggle = useCallback(() => {
    // A refusal (no user gesture, a policy) leaves things as they are; nothing to report.
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => undefined);
    } else {
      ref.current?.requestFullscreen().catch(() => undefined);
    }
  }, [ref]);

  return { active, available, toggle };
}
