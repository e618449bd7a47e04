import { Fragment } from "react";
import { letterKeys, shortcutText, type PlayerAction } from "./shortcuts.ts";

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
  ["share", "share link"],
];

interface Props {
  capturingKeyboard: boolean;
  /** The actions the page offers, shown only when it does. */
  hasStatistics: boolean;
  hasDevTools: boolean;
  hasShare: boolean;
}

/**
 * Under the video: the one-letter shortcuts on one line, and every shortcut (Anbox Cloud's
 * Ctrl+Shift ones too) in a list that opens below it; or how to get the keyboard back.
 */
export function ShortcutsHelp({ capturingKeyboard, hasStatistics, hasDevTools, hasShare }: Props) {
  if (capturingKeyboard) {
    return (
      <p className="stream-player__help">
        Keys go to the device. Press <kbd>Esc</kbd> to release the keyboard.
      </p>
    );
  }
  const shown = descriptions.filter(
    ([action]) =>
      (hasStatistics || action !== "statistics") &&
      (hasDevTools || action !== "devtools") &&
      (hasShare || action !== "share"),
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
