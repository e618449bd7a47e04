import { useCallback, useEffect, useRef } from "react";
import { ariaKeyShortcuts, shortcutText, type PlayerAction } from "./shortcuts.ts";

interface Props {
  /** The accessible name, also the tooltip's text. */
  label: string;
  /** A Vanilla icon name (`p-icon--<icon>`). */
  icon: string;
  /** The action whose shortcuts do the same, shown in the tooltip. */
  shortcut?: PlayerAction;
  onClick: () => void;
  disabled?: boolean;
  /** For toggles: whether it is on. */
  pressed?: boolean;
}

/** The tooltip keeps this far from the window's edges (px). */
const edgeMargin = 4;

/**
 * How far to move a tooltip sideways so that it stays in a window `windowWidth` wide: centred
 * under the first button of a toolbar at the window's edge, it would stick out of it.
 */
function tooltipShift(box: { left: number; right: number }, windowWidth: number): number {
  if (box.left < edgeMargin) return edgeMargin - box.left;
  if (box.right > windowWidth - edgeMargin) return windowWidth - edgeMargin - box.right;
  return 0;
}

/**
 * An icon button with a tooltip naming it and its shortcut. The tooltip sits beside the button,
 * not in it, so that the name stays the label alone; it shows on hover and on keyboard focus,
 * and for a disabled button too, moved sideways when centred it would leave the window.
 */
export function ToolbarButton({ label, icon, shortcut, onClick, disabled, pressed }: Props) {
  const tooltipRef = useRef<HTMLSpanElement>(null);
  // Measured as it shows (the stylesheet shows it on hover and focus), from its centred place.
  const keepInWindow = useCallback(() => {
    const tooltip = tooltipRef.current;
    if (!tooltip) return;
    tooltip.style.setProperty("--tooltip-shift", "0px");
    const box = tooltip.getBoundingClientRect();
    // Hidden (display: none): nothing to measure until it shows.
    if (box.width === 0) return;
    tooltip.style.setProperty(
      "--tooltip-shift",
      `${String(tooltipShift(box, document.documentElement.clientWidth))}px`,
    );
  }, []);
  // A shown tooltip's button can move under it: the window resized, the player went full screen.
  useEffect(() => {
    window.addEventListener("resize", keepInWindow);
    document.addEventListener("fullscreenchange", keepInWindow);
    return () => {
      window.removeEventListener("resize", keepInWindow);
      document.removeEventListener("fullscreenchange", keepInWindow);
    };
  }, [keepInWindow]);
  return (
    <span className="stream-player__tool">
      <button
        type="button"
        className={`p-button--base has-icon is-dense${pressed ? " is-pressed" : ""}`}
        aria-pressed={pressed}
        aria-keyshortcuts={shortcut && ariaKeyShortcuts(shortcut)}
        disabled={disabled}
        onClick={onClick}
        onMouseEnter={keepInWindow}
        onFocus={keepInWindow}
      >
        <i className={`p-icon--${icon}`}>{label}</i>
      </button>
      <span ref={tooltipRef} className="stream-player__tooltip" aria-hidden="true">
        {label}
        {shortcut && <kbd>{shortcutText(shortcut)}</kbd>}
      </span>
    </span>
  );
}
