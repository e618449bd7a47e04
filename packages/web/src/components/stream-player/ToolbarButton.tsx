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

/**
 * An icon button with a tooltip naming it and its shortcut. The tooltip sits beside the button,
 * not in it, so that the name stays the label alone; it shows on hover and on keyboard focus,
 * and for a disabled button too.
 */
export function ToolbarButton({ label, icon, shortcut, onClick, disabled, pressed }: Props) {
  return (
    <span className="stream-player__tool">
      <button
        type="button"
        className={`p-button--base has-icon is-dense${pressed ? " is-pressed" : ""}`}
        aria-pressed={pressed}
        aria-keyshortcuts={shortcut && ariaKeyShortcuts(shortcut)}
        disabled={disabled}
        onClick={onClick}
      >
        <i className={`p-icon--${icon}`}>{label}</i>
      </button>
      <span className="stream-player__tooltip" aria-hidden="true">
        {label}
        {shortcut && <kbd>{shortcutText(shortcut)}</kbd>}
      </span>
    </span>
  );
}
