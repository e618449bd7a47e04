import { useCallback, useState, type KeyboardEvent } from "react";
import { hidUsageFor } from "./key-codes.ts";
import { usLayoutCharacter } from "./us-layout.ts";

type Send = (type: string, data: object) => boolean;

/** The SDK's IME event type for committed text (`_imeEventType.Text`). */
const imeCommittedText = 1;

/**
 * The character a key press types, by the user's own layout and state (Shift, Caps Lock, AltGr, a
 * dead key before it): `key` is what the browser typed. Undefined for a key that types nothing
 * (Enter, arrows, a modifier alone, a dead key waiting for its letter) and for a shortcut held
 * with Ctrl, Alt or Meta, which goes as keys.
 */
function typedCharacter(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "altKey" | "metaKey" | "getModifierState">,
): string | undefined {
  // AltGr comes as Ctrl+Alt on Windows: with it, the key types (€, @ on many layouts).
  const shortcut =
    (event.ctrlKey || event.altKey || event.metaKey) && !event.getModifierState("AltGraph");
  if (shortcut) return undefined;
  return Array.from(event.key).length === 1 ? event.key : undefined;
}

/**
 * Keyboard capture: while on (and the stream plays), every key pressed in the player goes to the
 * device, Tab included, except Escape, which gives the keyboard back. Keys go as `input::key`, by
 * their physical code, as the SDK sends them: apps and games that read keys (WASD held down, a
 * shortcut) get them, and the device types with a US layout. A key that types another character
 * than the US layout would (a French "é" on the 2 key, a German "ü" on [, an "A" typed with Caps
 * Lock) sends that character as the IME's committed text instead (as the SDK's
 * sendIMECommittedText does): as a key, the device would type "2", "[" or "a".
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
    // A dead key (or an IME composing) types nothing yet: its character comes with the next key.
    if (event.key === "Dead" || event.key === "Process") return;
    const text = typedCharacter(event);
    if (text !== undefined && text !== usLayoutCharacter(event.code, event.shiftKey)) {
      // Held keys repeat, as typing does.
      send("input::ime-event", { type: imeCommittedText, data: { text } });
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
    // A key pressed before the capture began (the K that started it) was never sent down, nor
    // was a key sent as the character it typed.
    if (code === undefined || !pressed.delete(code)) return;
    send("input::key", { code, pressed: false });
  };

  return { capturing, toggle, release, releaseKeys, onKeyDown, onKeyUp };
}
