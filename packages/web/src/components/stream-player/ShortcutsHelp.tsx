import { Fragment } from "react";
import { letterKeys, pageActions, shortcutText, type PlayerAction } from "./shortcuts.ts";

const descriptions: readonly [PlayerAction, string][] = [
  ["fullscreen", "full screen"],
  ["rotate-left", "rotate left"],
  ["rotate", "rotate right"],
  ["home", "home"],
  ["back", "back"],
  ["volume-down", "volume down"],
  ["volume-up", "volume up"],
  ["power", "power"],
  ["keyboard", "capture the keyboard"],
  ["screenshot", "screenshot"],
  ["record", "record the screen"],
  ["statistics", "statistics"],
  ["devtools", "developer tools"],
  ["device-controls", "device controls"],
  ["share", "share link"],
  ["bug-report", "download a bug report"],
];

interface Props {
  capturingKeyboard: boolean;
  /** The page's actions it offers (panels, share links): the others are not shown. */
  offered: ReadonlySet<PlayerAction>;
}

/**
 * Under the video: the one-letter shortcuts on one line, and every shortcut (Anbox Cloud's
 * Ctrl+Shift ones too) in a list that opens below it; or how to get the keyboard back.
 */
export function ShortcutsHelp({ capturingKeyboard, offered }: Props) {
  if (capturingKeyboard) {
    return (
      <p className="stream-player__help">
        Keys go to the device. Press <kbd>Esc</kbd> to release the keyboard.
      </p>
    );
  }
  const shown = descriptions.filter(
    ([action]) => !pageActions.includes(action) || offered.has(action),
  );
  const letters = shown.filter(([action]) => letterKeys[action] !== undefined);
  return (
    <details className="stream-player__help">
      <summary>
        Shortcuts (click the stream first):{" "}
        {letters.map(([action, description], index) => (
          <Fragment key={action}>
            {index > 0 && " · "}
            <kbd>{letterKeys[action]}</kbd> {description}
          </Fragment>
        ))}
      </summary>
      {/* It scrolls within a few lines: focusable, so that keyboard users can scroll it too. */}
      <div
        className="stream-player__shortcuts"
        role="region"
        aria-label="All shortcuts"
        tabIndex={0}
      >
        <dl>
          {shown.map(([action, description]) => (
            <div key={action}>
              <dt>{description}</dt>
              <dd>
                <kbd>{shortcutText(action)}</kbd>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
