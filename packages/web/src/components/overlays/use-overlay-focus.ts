import { useLayoutEffect, useRef, type RefObject } from "react";
import { focusableElements, wrapTabInside } from "./focusable-elements.ts";
import { focusedElement, returnFocus } from "./return-focus.ts";

interface Options {
  /** Open: the behaviour applies. A drawer that stays mounted while closed passes false. */
  active?: boolean;
  /** Escape pressed inside the overlay. */
  onClose: () => void;
}

/**
 * Side panels and drawers (not modals: `Modal` does this itself): while `active`, the focus moves
 * into the element, Tab and Shift+Tab stay inside it, Escape inside it calls `onClose`; when it
 * closes or unmounts, the focus goes back to what had it before (the button that opened it).
 */
export function useOverlayFocus(
  ref: RefObject<HTMLElement | null>,
  { active = true, onClose }: Options,
) {
  // The latest handler, so that a new function each render does not reopen the overlay.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  const returnFocusAgain = useRef<() => void>(undefined);

  // A layout effect: it runs before children's effects could move the focus, and its cleanup
  // before the browser paints the page without the overlay.
  useLayoutEffect(() => {
    const overlay = ref.current;
    if (!active || !overlay) return;
    const opener = focusedElement();
    if (!opener || !overlay.contains(opener)) {
      const first = focusableElements(overlay)[0];
      if (first) first.focus();
      else {
        // Nothing focusable inside: the element itself takes the focus.
        overlay.tabIndex = -1;
        overlay.focus();
      }
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        // One Escape closes one overlay: the innermost, the one holding the focus.
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      wrapTabInside(overlay, event);
    };
    overlay.addEventListener("keydown", onKeyDown);
    return () => {
      overlay.removeEventListener("keydown", onKeyDown);
      // Unmounting: the overlay leaves the page with this commit, the focus goes back now.
      returnFocus(opener, overlay);
      // Staying mounted but closed: React puts back, after this cleanup, the focus it saw
      // before the commit (inside the overlay); the effect below gives it back once more.
      returnFocusAgain.current = () => {
        returnFocus(opener, overlay);
      };
    };
  }, [ref, active]);

  useLayoutEffect(() => {
    if (active) return;
    returnFocusAgain.current?.();
    returnFocusAgain.current = undefined;
  }, [active]);
}
