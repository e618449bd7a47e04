import type { ReactNode } from "react";
import { shortcutKeys, type PlayerAction } from "./shortcuts.ts";
import { ToolbarButton } from "./ToolbarButton.tsx";

interface Props {
  onAction: (action: PlayerAction) => void;
  /** The stream plays: the buttons that talk to the device work. */
  playing: boolean;
  fullscreen: { active: boolean; available: boolean };
  capturingKeyboard: boolean;
  /** Whether the page has a statistics panel to toggle. */
  hasStatistics: boolean;
  /** Whether the page makes share links. */
  hasShare: boolean;
  extraControls?: ReactNode;
}

/** The player's own buttons, then the page's. */
export function PlayerToolbar({
  onAction,
  playing,
  fullscreen,
  capturingKeyboard,
  hasStatistics,
  hasShare,
  extraControls,
}: Props) {
  const button = (action: PlayerAction, label: string, icon: string, disabled = !playing) => (
    <ToolbarButton
      label={label}
      icon={icon}
      shortcut={shortcutKeys[action]}
      disabled={disabled}
      onClick={() => {
        onAction(action);
      }}
    />
  );
  return (
    <div className="stream-player__toolbar" role="toolbar" aria-label="Stream controls">
      <ToolbarButton
        label="Full screen"
        icon="fullscreen"
        shortcut={shortcutKeys.fullscreen}
        pressed={fullscreen.active}
        disabled={!fullscreen.available}
        onClick={() => {
          onAction("fullscreen");
        }}
      />
      {button("rotate", "Rotate", "rotate-right")}
      {button("home", "Home", "home")}
      {button("back", "Back", "arrow-left")}
      <ToolbarButton
        label="Keyboard capture"
        icon="keyboard"
        shortcut={shortcutKeys.keyboard}
        pressed={capturingKeyboard}
        disabled={!playing}
        onClick={() => {
          onAction("keyboard");
        }}
      />
      {button("screenshot", "Screenshot", "screenshot")}
      {hasStatistics && button("statistics", "Statistics", "statistics", false)}
      {hasShare && button("share", "Share", "share", false)}
      {extraControls}
    </div>
  );
}
