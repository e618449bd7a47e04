import type { ReactNode } from "react";
import type { PlayerAction } from "./shortcuts.ts";
import type { ScreenRecording } from "./use-screen-recording.ts";
import { ToolbarButton } from "./ToolbarButton.tsx";

interface Props {
  onAction: (action: PlayerAction) => void;
  /** The stream plays: the buttons that talk to the device work. */
  playing: boolean;
  fullscreen: { active: boolean; available: boolean };
  capturingKeyboard: boolean;
  /** The page's actions it offers (its panels, share links): only those have buttons. */
  offered: ReadonlySet<PlayerAction>;
  /** Why the user may not make share links of this stream, if they may not. */
  shareRefused?: string | undefined;
  recording: ScreenRecording;
  /** The sound's controls (mute, volume). */
  sound: ReactNode;
  extraControls?: ReactNode;
  /** Why this viewer's input does not reach the device (another viewer has control). */
  inputRefused?: string | undefined;
}

/** The player's own buttons, then the page's. */
export function PlayerToolbar({
  onAction,
  playing,
  fullscreen,
  capturingKeyboard,
  offered,
  shareRefused,
  recording,
  sound,
  extraControls,
  inputRefused,
}: Props) {
  const button = (
    action: PlayerAction,
    label: string,
    icon: string,
    disabled = !playing,
    reason?: string,
  ) => (
    <ToolbarButton
      label={label}
      icon={icon}
      shortcut={action}
      disabled={disabled}
      reason={reason}
      onClick={() => {
        onAction(action);
      }}
    />
  );
  // A button that reaches the device: disabled, saying why, for a viewer not in control.
  const input = (action: PlayerAction, label: string, icon: string) =>
    button(action, label, icon, !playing, playing ? inputRefused : undefined);
  return (
    <div className="stream-player__toolbar" role="toolbar" aria-label="Stream controls">
      <ToolbarButton
        label="Full screen"
        icon="fullscreen"
        shortcut="fullscreen"
        pressed={fullscreen.active}
        disabled={!fullscreen.available}
        onClick={() => {
          onAction("fullscreen");
        }}
      />
      {input("rotate-left", "Rotate left", "rotate-left")}
      {input("rotate", "Rotate right", "rotate-right")}
      {input("home", "Home", "home")}
      {input("back", "Back", "arrow-left")}
      {input("volume-down", "Volume down", "volume-down")}
      {input("volume-up", "Volume up", "volume-up")}
      {input("power", "Power", "power-off")}
      <ToolbarButton
        label="Keyboard capture"
        icon="keyboard"
        shortcut="keyboard"
        pressed={capturingKeyboard}
        disabled={!playing}
        reason={playing ? inputRefused : undefined}
        onClick={() => {
          onAction("keyboard");
        }}
      />
      {button("screenshot", "Screenshot", "screenshot")}
      <ToolbarButton
        label={
          !recording.available
            ? "Recording is not available in this browser"
            : recording.recording
              ? "Stop recording"
              : "Record the screen"
        }
        icon={recording.recording ? "screen-record-stop" : "screen-record-start"}
        shortcut="record"
        pressed={recording.recording}
        disabled={!recording.available || (!playing && !recording.recording)}
        onClick={() => {
          onAction("record");
        }}
      />
      {recording.recording && (
        <span className="stream-player__recording">
          Recording {formatDuration(recording.seconds)}
        </span>
      )}
      {sound}
      {offered.has("statistics") && button("statistics", "Statistics", "statistics", false)}
      {offered.has("devtools") && button("devtools", "Developer tools", "code", false)}
      {offered.has("device-controls") &&
        button("device-controls", "Device controls", "controllers", false)}
      {offered.has("share") && (
        <ToolbarButton
          label="Share"
          icon="share"
          shortcut="share"
          reason={shareRefused}
          onClick={() => {
            onAction("share");
          }}
        />
      )}
      {offered.has("bug-report") &&
        button("bug-report", "Download a bug report", "begin-downloading", false)}
      {extraControls}
    </div>
  );
}

/** 0:07, 12:34: minutes and seconds of a recording. */
function formatDuration(seconds: number): string {
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, "0")}`;
}
