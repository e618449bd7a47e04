import { useCallback, useState, type KeyboardEvent } from "react";
import { hidUsageFor } from "./key-codes.ts";

type Send = (type: string, data: object) => boolean;

/**
 * Keyboard capture: while on (and the stream plays), every key pressed in the player goes to the
 * device as `input::key`, Tab included, except Escape, which gives the keyboard back.
 */
export function useKeyboardCapture(send: Send, enabled: boolean) {
  const [wanted, setWanted] = useState(false);
  const capturing = wanted && enabled;
  // The keys the device was told are down, so that each gets its release.
  const [pressed] = useState(() => new Set<number>());

  /** Tells the device that the keys it holds down are up (focus left, capture ended). */
  const releaseKeys = useCallback(() => {
    for (const code of pressed) send("input::key", { code, pressed: false });
    pressed.clear();
  }, [pressed, send]);

  const release = useCallback(() => {
    releaseKeys();
    setWanted(false);
  }, [releaseKeys]);

  const toggle = () => {
    if (capturing) release();
    else setWanted(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    event.preventDefault();
    if (event.key === "Escape" || event.code === "Escape") {
      release();
      return;
    }
    const code = hidUsageFor(event.code);
    if (code === undefined) return;
    pressed.add(code);
    // Held keys repeat, as the SDK sends them.
    send("input::key", { code, pressed: true });
  };

  const onKeyUp = (event: KeyboardEvent) => {
    if (!capturing) return;
    event.preventDefault();
    const code = hidUsageFor(event.code);
    // A key pressed before the capture began (the K that started it) was never sent down.
    if (code === undefined || !pressed.delete(code)) return;
    send("input::key", { code, pressed: false });
  };

  return { capturing, toggle, release, releaseKeys, onKeyDown, onKeyUp };
}
