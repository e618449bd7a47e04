import { describe, expect, it } from "vitest";
import { shouldOpenByItself } from "./auto-open.ts";

const newUser = { progress: "not-started", windowWidth: 1280, updateModalShown: false } as const;

describe("the progress panel opening by itself", () => {
  it("opens for a user who never saw the tour, on a window 1200 px wide or more", () => {
    expect(shouldOpenByItself(newUser)).toBe(true);
    expect(shouldOpenByItself({ ...newUser, windowWidth: 1200 })).toBe(true);
  });
  it("stays closed below 1200 px, once the tour was seen, and while the progress loads", () => {
    expect(shouldOpenByItself({ ...newUser, windowWidth: 1199 })).toBe(false);
    expect(shouldOpenByItself({ ...newUser, progress: "welcome-modal" })).toBe(false);
    expect(shouldOpenByItself({ ...newUser, progress: "stream-the-instance" })).toBe(false);
    expect(shouldOpenByItself({ ...newUser, progress: undefined })).toBe(false);
  });
  it("waits while the update modal is shown", () => {
    expect(shouldOpenByItself({ ...newUser, updateModalShown: true })).toBe(false);
  });
});
