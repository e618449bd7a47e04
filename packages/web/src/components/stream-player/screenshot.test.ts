import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadScreenshot, screenshotFileName } from "./screenshot.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("screenshot", () => {
  it("names the file after the time, without colons", () => {
    expect(screenshotFileName(new Date("2026-11-22T10:05:09.123Z"))).toBe(
      "2026-11-22T10-05-09Z.png",
    );
  });

  it("draws the frame at the device's size and downloads it", () => {
    const drawImage = vi.fn();
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, "getContext")
      .mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/png;base64,AA");
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const video = document.createElement("video");

    const now = new Date("2026-11-22T10:05:09.000Z");
    expect(downloadScreenshot(video, { width: 720, height: 1280 }, now)).toBe(true);
    expect(getContext).toHaveBeenCalledWith("2d");
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 720, 1280);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe("2026-11-22T10-05-09Z.png");
    expect(clicked[0]?.href).toBe("data:image/png;base64,AA");
  });

  it("says so when the browser cannot draw", () => {
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    expect(downloadScreenshot(document.createElement("video"), { width: 1, height: 1 })).toBe(
      false,
    );
  });
});
