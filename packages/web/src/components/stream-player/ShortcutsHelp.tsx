import { Fragment } from "react";
import { shortcutKeys, type PlayerAction } from "./shortcuts.ts";

const descriptions: readonly [PlayerAction, string][] = [
  ["fullscreen", "full screen"],
  ["rotate", "rotate"],
  ["home", "home"],
  ["back", "back"],
  ["keyboard", "capture the keyboard"],
  ["screenshot", "screenshot"],
  ["statistics", "statistics"],
  ["share", "share link"],
];

interface Props {
  capturingKeyboard: boolean;
  /** The actions the page offers, shown only when it does. */
  hasStatistics: boolean;
  hasShare: boolean;
}

/** One line under the video: the shortcuts, or how to get the keyboard back. */
export function ShortcutsHelp({ capturingKeyboard, hasStatistics, hasShare }: Props) {
  if (capturingKeyboard) {
    return (
      <p className="stream-player__help">
        Keys go to the device. Press <kbd>Esc</kbd> to release the keyboard.
      </p>
    );
  }
  const shown = descriptions.filter(
    ([action]) => (hasStatistics || action !== "statistics") && (hasShare || action !== "share"),
  );
  return (
    <p className="stream-player__help">
      Shortcuts (click the stream first):{" "}
      {shown.map(([action, description], index) => (
        <Fragment key={action}>
          {index > 0 && " · "}
          <kbd>{shortcutKeys[action]}</kbd> {description}
        </Fragment>
      ))}
    </p>
  );
}
