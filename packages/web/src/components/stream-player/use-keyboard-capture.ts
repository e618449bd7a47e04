import { useCallback, useState, type KeyboardEvent } from "react";
import { hidUsageFor } from "./key-codes.ts";

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
 * device, Tab included, except Escape, which gives the keyboard back. A key that types a character
 * sends that character as the IME's committed text (as the SDK's sendIMECommittedText does): the
 * key's code names a key of a US layout, and the device would type "2" for a French "é", "[" for
 * a German "ü" and "a" for an "A" typed with Caps Lock. The others (Enter, Backspace, arrows,
 * modifiers, shortcuts) go as `input::key`.
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
    if (text !== undefined) {
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
