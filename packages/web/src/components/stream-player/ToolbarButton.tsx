import { useCallback, useEffect, useId, useRef } from "react";
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
  /** Why it cannot be used (the user may not): it is disabled, and its tooltip says why. */
  reason?: string | undefined;
}

/** The tooltip keeps this far from the edges of what shows it (px). */
const edgeMargin = 4;

interface Span {
  left: number;
  right: number;
}

/**
 * How far to move a tooltip sideways so that it stays within `bounds`: centred under the first
 * button of a toolbar at an edge, it would stick out of it.
 */
function tooltipShift(box: Span, bounds: Span): number {
  if (box.left < bounds.left + edgeMargin) return bounds.left + edgeMargin - box.left;
  if (box.right > bounds.right - edgeMargin) return bounds.right - edgeMargin - box.right;
  return 0;
}

/**
 * Where a tooltip may show: within its player (the page's navigation rail or a scrolling main
 * area beside the player would cover or clip it) and within the window.
 */
function visibleSpan(tooltip: HTMLElement): Span {
  const window = { left: 0, right: document.documentElement.clientWidth };
  const player = tooltip.closest(".stream-player")?.getBoundingClientRect();
  if (!player || player.width === 0) return window;
  return { left: Math.max(window.left, player.left), right: Math.min(window.right, player.right) };
}

/**
 * An icon button with a tooltip naming it and its shortcut. The tooltip sits beside the button,
 * not in it, so that the name stays the label alone; it shows on hover and on keyboard focus,
 * and for a disabled button too, moved sideways when centred it would leave the player or the
 * window.
 */
export function ToolbarButton({
  label,
  icon,
  shortcut,
  onClick,
  disabled,
  pressed,
  reason,
}: Props) {
  const tooltipRef = useRef<HTMLSpanElement>(null);
  const reasonId = useId();
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
      `${String(tooltipShift(box, visibleSpan(tooltip)))}px`,
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
        disabled={disabled === true || reason !== undefined}
        aria-describedby={reason === undefined ? undefined : reasonId}
        onClick={onClick}
        onMouseEnter={keepInWindow}
        onFocus={keepInWindow}
      >
        <i className={`p-icon--${icon}`}>{label}</i>
      </button>
      <span ref={tooltipRef} className="stream-player__tooltip" aria-hidden="true">
        {label}
        {shortcut && <kbd>{shortcutText(shortcut)}</kbd>}
        {reason !== undefined && <span className="stream-player__tooltip-reason">{reason}</span>}
      </span>
      {reason !== undefined && (
        <span id={reasonId} className="u-off-screen">
          {reason}
        </span>
      )}
    </span>
  );
}
