import { useEffect, useState } from "react";

/** What a refused control shows and where (the viewport's coordinates: the tip is fixed). */
interface Tip {
  text: string;
  left: number;
  /** Below the control (`top`), or above it where the window ends below (`bottom`). */
  top?: number;
  bottom?: number;
}

/** The tip's widest (CSS: `max-width: min(20rem, 100vw - 1rem)`) and its room from the edges. */
const widestPx = 320;
const edgePx = 8;
const gapPx = 6;
/** Below this room under the control, the tip goes above it. */
const roomBelowPx = 96;

/** A control that is refused with its reason in `title` (ActionButton, ActionLink and the others). */
const refusedControl = '[aria-disabled="true"][title]';

function tipFor(control: HTMLElement): Tip | undefined {
  const text = control.getAttribute("title") ?? "";
  if (text === "") return undefined;
  const box = control.getBoundingClientRect();
  const width = Math.min(widestPx, window.innerWidth - 2 * edgePx);
  const left = Math.max(edgePx, Math.min(box.left, window.innerWidth - edgePx - width));
  return window.innerHeight - box.bottom < roomBelowPx
    ? { text, left, bottom: window.innerHeight - box.top + gapPx }
    : { text, left, top: box.bottom + gapPx };
}

/**
 * Shows why a refused action does nothing next to it while it has the keyboard's focus. The
 * reason is the control's `title`: a mouse shows it on hover and a screen reader reads it as the
 * description, but a sighted keyboard user would see nothing. One for the whole app, so that
 * every refused control gets it without saying so. Only for focus from the keyboard (a click
 * already had the hover's tooltip); Escape, scrolling or leaving the control hides it (WCAG
 * 1.4.13). Hidden from assistive technology: the control's description already says it.
 */
export function ReasonTip() {
  const [tip, setTip] = useState<Tip>();
  useEffect(() => {
    // Focus that follows a pointer press is not the keyboard's.
    let byPointer = false;
    const hide = () => {
      setTip(undefined);
    };
    const onPointerDown = () => {
      byPointer = true;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      byPointer = false;
      if (event.key === "Escape") hide();
    };
    const onFocusIn = (event: FocusEvent) => {
      const control = event.target;
      setTip(
        !byPointer && control instanceof HTMLElement && control.matches(refusedControl)
          ? tipFor(control)
          : undefined,
      );
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("focusout", hide);
    window.addEventListener("scroll", hide, true);
    window.addEventListener("resize", hide);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", hide);
      window.removeEventListener("scroll", hide, true);
      window.removeEventListener("resize", hide);
    };
  }, []);
  if (tip === undefined) return null;
  return (
    <div
      className="reason-tip"
      aria-hidden="true"
      style={{ left: tip.left, top: tip.top, bottom: tip.bottom }}
    >
      {tip.text}
    </div>
  );
}
