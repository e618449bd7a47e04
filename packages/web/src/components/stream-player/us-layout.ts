// What a key types on a US layout, the layout Anbox's devices read `input::key` with (the SDK
// sends keys by their physical code and tracks Shift as a key).

const letters = /^Key([A-Z])$/;
const digits = "0123456789";
const shiftedDigits = ")!@#$%^&*(";

/** The punctuation keys: unshifted, then shifted. */
const punctuation: ReadonlyMap<string, readonly [string, string]> = new Map([
  ["Space", [" ", " "]],
  ["Minus", ["-", "_"]],
  ["Equal", ["=", "+"]],
  ["BracketLeft", ["[", "{"]],
  ["BracketRight", ["]", "}"]],
  ["Backslash", ["\\", "|"]],
  ["Semicolon", [";", ":"]],
  ["Quote", ["'", '"']],
  ["Backquote", ["`", "~"]],
  ["Comma", [",", "<"]],
  ["Period", [".", ">"]],
  ["Slash", ["/", "?"]],
]);

/**
 * The character the key `code` types on a US layout, with Shift held or not (Caps Lock aside: the
 * device is told Shift, not Caps Lock); undefined for a key that types nothing.
 */
export function usLayoutCharacter(code: string, shift: boolean): string | undefined {
  const letter = letters.exec(code)?.[1];
  if (letter !== undefined) return shift ? letter : letter.toLowerCase();
  const digit = /^Digit([0-9])$/.exec(code)?.[1];
  if (digit !== undefined) return (shift ? shiftedDigits : digits)[Number(digit)];
  const pair = punctuation.get(code);
  return pair === undefined ? undefined : pair[shift ? 1 : 0];
}
