import { describe, expect, it } from "vitest";
import { fileRefusal } from "./file-refusal.ts";

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe("fileRefusal", () => {
  it("takes any file when nothing is asked", () => {
    expect(fileRefusal(file("a.bin", "", 5e9), {})).toBeUndefined();
  });

  it("takes a file by its name's ending, in any case", () => {
    const limits = { accept: [".apk"] };
    expect(fileRefusal(file("Game.APK", "", 10), limits)).toBeUndefined();
    expect(fileRefusal(file("game.apk.zip", "application/zip", 10), limits)).toBe(
      "Choose a file of type .apk: game.apk.zip is not one.",
    );
  });

  it("takes a file by its media type, exact or by family", () => {
    expect(fileRefusal(file("a.png", "image/png", 1), { accept: ["image/*"] })).toBeUndefined();
    expect(fileRefusal(file("a.png", "image/png", 1), { accept: ["image/png"] })).toBeUndefined();
    expect(fileRefusal(file("a.jpg", "image/jpeg", 1), { accept: ["image/png", ".gif"] })).toBe(
      "Choose a file of type image/png, .gif: a.jpg is not one.",
    );
  });

  it("refuses a file larger than the limit, and takes one of the limit", () => {
    const limits = { accept: [".apk"], maxBytes: 2e9 };
    expect(fileRefusal(file("a.apk", "", 2e9), limits)).toBeUndefined();
    expect(fileRefusal(file("a.apk", "", 2.5e9), limits)).toBe(
      "a.apk is 2.5 GB: choose a file of at most 2.0 GB.",
    );
  });
});
