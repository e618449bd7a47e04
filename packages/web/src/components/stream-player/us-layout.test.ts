import { describe, expect, it } from "vitest";
import { usLayoutCharacter } from "./us-layout.ts";

describe("usLayoutCharacter", () => {
  it("types letters, digits and punctuation as a US keyboard does, with Shift or not", () => {
    expect(usLayoutCharacter("KeyA", false)).toBe("a");
    expect(usLayoutCharacter("KeyA", true)).toBe("A");
    expect(usLayoutCharacter("Digit2", false)).toBe("2");
    expect(usLayoutCharacter("Digit2", true)).toBe("@");
    expect(usLayoutCharacter("Digit0", true)).toBe(")");
    expect(usLayoutCharacter("BracketLeft", false)).toBe("[");
    expect(usLayoutCharacter("Quote", true)).toBe('"');
    expect(usLayoutCharacter("Space", false)).toBe(" ");
  });

  it("types nothing for a key that types nothing", () => {
    expect(usLayoutCharacter("Enter", false)).toBeUndefined();
    expect(usLayoutCharacter("ShiftLeft", true)).toBeUndefined();
    expect(usLayoutCharacter("toString", false)).toBeUndefined();
  });
});
