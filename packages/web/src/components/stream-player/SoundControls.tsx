import type { Sound } from "./use-sound.ts";
import { ToolbarButton } from "./ToolbarButton.tsx";

interface Props {
  sound: Sound;
  /** The device sends sound: without it the controls have nothing to act on. */
  hasSound: boolean;
}

/** Mute and volume of the device's sound, in the player's toolbar. */
export function SoundControls({ sound, hasSound }: Props) {
  const percent = Math.round(sound.volume * 100);
  return (
    <span className="stream-player__sound">
      <ToolbarButton
        label="Mute sound"
        icon="volume-up"
        pressed={sound.muted}
        disabled={!hasSound}
        onClick={sound.toggleMute}
      />
      <input
        type="range"
        className="stream-player__volume"
        aria-label="Volume"
        aria-valuetext={`${String(percent)} %`}
        min={0}
        max={100}
        step={5}
        value={sound.muted ? 0 : percent}
        disabled={!hasSound}
        onChange={(event) => {
          sound.setVolume(Number(event.target.value) / 100);
        }}
      />
    </span>
  );
}
