import type { CSSProperties } from "react";
import type { Sound } from "./use-sound.ts";

interface Props {
  sound: Sound;
  /** The device sends sound: without it the controls have nothing to act on. */
  hasSound: boolean;
}

/** Mute and volume of the device's sound, in the player's toolbar. */
export function SoundControls({ sound, hasSound }: Props) {
  const percent = Math.round(sound.volume * 100);
  const shown = sound.muted ? 0 : percent;
  return (
    <span className="stream-player__sound">
      <button
        type="button"
        className={`p-button--base is-dense${sound.muted ? " is-pressed" : ""}`}
        aria-pressed={sound.muted}
        disabled={!hasSound}
        onClick={sound.toggleMute}
      >
        Mute
      </button>
      <input
        type="range"
        className="stream-player__volume"
        aria-label="Volume"
        aria-valuetext={`${String(percent)} %`}
        min={0}
        max={100}
        step={5}
        value={shown}
        // Vanilla leaves the track to be drawn: filled up to the thumb.
        style={{ "--volume": `${String(shown)}%` } as CSSProperties}
        disabled={!hasSound}
        onChange={(event) => {
          sound.setVolume(Number(event.target.value) / 100);
        }}
      />
    </span>
  );
}
