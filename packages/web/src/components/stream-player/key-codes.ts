// `input::key` carries USB HID keyboard usage ids (HID Usage Tables, page 0x07), which Anbox
// turns into Linux input codes. `KeyboardEvent.code` names the physical key whatever the layout,
// which is what the device needs: it applies its own layout.

// A Map, not an object literal: a code such as "toString" must not find Object's members.
const namedUsages: ReadonlyMap<string, number> = new Map(
  Object.entries({
    Enter: 40,
    Escape: 41,
    Backspace: 42,
    Tab: 43,
    Space: 44,
    Minus: 45,
    Equal: 46,
    BracketLeft: 47,
    BracketRight: 48,
    Backslash: 49,
    Semicolon: 51,
    Quote: 52,
    Backquote: 53,
    Comma: 54,
    Period: 55,
    Slash: 56,
    CapsLock: 57,
    Insert: 73,
    Home: 74,
    PageUp: 75,
    Delete: 76,
    End: 77,
    PageDown: 78,
    ArrowRight: 79,
    ArrowLeft: 80,
    ArrowDown: 81,
    ArrowUp: 82,
    ControlLeft: 224,
    ShiftLeft: 225,
    AltLeft: 226,
    ControlRight: 228,
    ShiftRight: 229,
    AltRight: 230,
  }),
);

/** Usage ids of the device's system keys, which no PC key maps to. */
export const deviceKeys = {
  home: 74,
  back: 92,
  volumeDown: 89,
  volumeUp: 90,
  power: 91,
} as const;

/** The HID usage id of a `KeyboardEvent.code`, or undefined for a key the device is not sent. */
export function hidUsageFor(code: string): number | undefined {
  const letter = /^Key([A-Z])$/.exec(code)?.[1];
  if (letter !== undefined) return 4 + letter.charCodeAt(0) - "A".charCodeAt(0);
  const digit = /^Digit([0-9])$/.exec(code)?.[1];
  if (digit !== undefined) return digit === "0" ? 39 : 29 + Number(digit);
  const functionKey = /^F([1-9]|1[0-2])$/.exec(code)?.[1];
  if (functionKey !== undefined) return 57 + Number(functionKey);
  return namedUsages.get(code);
}
