import { useEffect, useState, type RefObject } from "react";

const storageKey = "stream-player-sound";

export interface SoundSettings {
  /** The user's own choice, kept for the next stream. */
  muted: boolean;
  /** 0–1. */
  volume: number;
}

export interface Sound extends SoundSettings {
  /**
   * The browser does not let the page play sound yet: nothing was clicked or typed in it since
   * it loaded (autoplay rules). The sound stays muted until then, and the player says so.
   */
  waitingForGesture: boolean;
  toggleMute: () => void;
  setVolume: (volume: number) => void;
}

function readSettings(): SoundSettings {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? "null");
    if (typeof stored === "object" && stored !== null) {
      const { muted, volume } = stored as Partial<Record<keyof SoundSettings, unknown>>;
      return {
        muted: muted === true,
        volume: typeof volume === "number" && volume >= 0 && volume <= 1 ? volume : 1,
      };
    }
  } catch {
    // Storage refused or a value of another shape: the defaults.
  }
  return { muted: false, volume: 1 };
}

/**
 * The device's sound in an `<audio>` element: the user's mute and volume (kept in local storage),
 * and the browsers' autoplay rules, which let a page play sound only once the user has interacted
 * with it (or, in Chromium, with its site before). When the browser refuses to play it, the
 * element plays muted (always allowed) and the sound comes on at the first click or key press
 * anywhere in the page.
 */
export function useSound(
  audioRef: RefObject<HTMLAudioElement | null>,
  stream: MediaStream | undefined,
): Sound {
  const [settings, setSettings] = useState(readSettings);
  const [waitingForGesture, setWaitingForGesture] = useState(false);

  useEffect(() => {
    try {
      localStorage.setItem(storageKey, JSON.stringify(settings));
    } catch {
      // Not kept: the choice holds for this page.
    }
  }, [settings]);

  useEffect(() => {
    if (!waitingForGesture) return;
    const activated = () => {
      setWaitingForGesture(false);
    };
    // Capture: a control that stops the event's propagation is a gesture all the same.
    document.addEventListener("pointerdown", activated, { capture: true, once: true });
    document.addEventListener("keydown", activated, { capture: true, once: true });
    return () => {
      document.removeEventListener("pointerdown", activated, { capture: true });
      document.removeEventListener("keydown", activated, { capture: true });
    };
  }, [waitingForGesture]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.srcObject !== (stream ?? null)) audio.srcObject = stream ?? null;
    audio.volume = settings.volume;
    audio.muted = settings.muted || waitingForGesture;
    if (!stream) return;
    // then(): a DOM without media playback (tests) may throw or return nothing here.
    Promise.resolve()
      .then(() => audio.play())
      .catch((error: unknown) => {
        // Refused by the autoplay rules: muted until a gesture, and the player says so.
        if (error instanceof DOMException && error.name === "NotAllowedError" && !audio.muted) {
          setWaitingForGesture(true);
        }
      });
  }, [audioRef, stream, settings, waitingForGesture]);

  return {
    ...settings,
    waitingForGesture,
    toggleMute: () => {
      setSettings((current) => ({ ...current, muted: !current.muted }));
    },
    setVolume: (volume) => {
      setSettings((current) => ({ ...current, volume, muted: volume === 0 }));
    },
  };
}
