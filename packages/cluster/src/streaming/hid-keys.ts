/** Keys that act on the device rather than type, with the label the screen shows for them. */
export type NavigationKey = "Home" | "Back" | "Volume up" | "Volume down" | "Power";

/** What one key press does to the device. */
export type KeyEffect =
  | { kind: "text"; text: string }
  | { kind: "backspace" }
  | { kind: "navigation"; key: NavigationKey }
  | { kind: "none" };

/** Left and right shift (USB HID usage ids 225 and 229): the SDK tracks modifiers as keys. */
export function isShiftKey(code: number): boolean {
  return code === 225 || code === 229;
}

/** Left and right control (224 and 228): with C the device copies, with V it pastes. */
export function isControlKey(code: number): boolean {
  return code === 224 || code === 228;
}

/** What a key does with control held: KeyC copies, KeyV pastes (the device's clipboard). */
export function controlShortcut(code: number): "copy" | "paste" | undefined {
  if (code === 6) return "copy";
  if (code === 25) return "paste";
  return undefined;
}

const navigationKeys: ReadonlyMap<number, NavigationKey> = new Map([
  [74, "Home"],
  [92, "Back"],
  [89, "Volume down"],
  [90, "Volume up"],
  [91, "Power"],
]);

const digits = "1234567890";
const shiftedDigits = "!@#$%^&*()";
/** US layout punctuation, HID 45–56 (50 is the non-US hash key, which has no US meaning). */
const punctuation: ReadonlyMap<number, [string, string]> = new Map([
  [45, ["-", "_"]],
  [46, ["=", "+"]],
  [47, ["[", "{"]],
  [48, ["]", "}"]],
  [49, ["\\", "|"]],
  [51, [";", ":"]],
  [52, ["'", '"']],
  [53, ["`", "~"]],
  [54, [",", "<"]],
  [55, [".", ">"]],
  [56, ["/", "?"]],
]);

/**
 * What pressing the key with this USB HID usage id does, on a US layout: letters KeyA=4…KeyZ=29
 * (capitals with shift), digits 30–39 as 1…9,0, Enter 40, Backspace 42, Space 44, punctuation,
 * and the device keys Home 74, Back 92, Volume down 89, Volume up 90, Power 91.
 */
export function keyEffect(code: number, shifted: boolean): KeyEffect {
  if (code >= 4 && code <= 29) {
    const letter = String.fromCharCode("a".charCodeAt(0) + code - 4);
    return { kind: "text", text: shifted ? letter.toUpperCase() : letter };
  }
  if (code >= 30 && code <= 39) {
    const index = code - 30;
    return { kind: "text", text: (shifted ? shiftedDigits : digits).charAt(index) };
  }
  if (code === 40) return { kind: "text", text: "\n" };
  if (code === 42) return { kind: "backspace" };
  if (code === 44) return { kind: "text", text: " " };
  const symbols = punctuation.get(code);
  if (symbols) return { kind: "text", text: shifted ? symbols[1] : symbols[0] };
  const key = navigationKeys.get(code);
  if (key) return { kind: "navigation", key };
  return { kind: "none" };
}
