import { describe, expect, it } from "vitest";
import { applyJoinScreen } from "../../src/gateway/join-screen.ts";

const phone = { width: 720, height: 1280, fps: 30, density: 240 };
const tablet = { width: 1280, height: 800, fps: 60, density: 160 };

describe("applyJoinScreen", () => {
  it("takes the session's screen, or it held the other way round, which turns the device", () => {
    expect(applyJoinScreen(phone, undefined)).toBeUndefined();
    expect(applyJoinScreen(phone, {})).toBeUndefined();
    expect(applyJoinScreen(phone, { width: 720, height: 1280, fps: 30 })).toBe("portrait");
    // The streaming SDK's connector asks for 1280x720 unless told otherwise.
    expect(applyJoinScreen(phone, { width: 1280, height: 720 })).toBe("landscape");
    expect(applyJoinScreen(tablet, { width: 1280, height: 800 })).toBe("landscape");
    expect(applyJoinScreen(tablet, { width: 800, height: 1280 })).toBe("portrait");
  });

  it("refuses any other size, frame rate or density, saying what the session has", () => {
    expect(() => applyJoinScreen(phone, { width: 1920, height: 1080 })).toThrow(
      "screen: this session's screen is 720x1280 at 30 fps and 240 dpi, and a join cannot change its size: ask for 720x1280, or 1280x720 to hold it the other way round",
    );
    expect(() => applyJoinScreen(phone, { fps: 60 })).toThrow(/cannot change its frame rate/);
    expect(() => applyJoinScreen(phone, { width: 720, height: 1280, density: 320 })).toThrow(
      /cannot change its density/,
    );
  });
});
