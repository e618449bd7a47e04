import { describe, expect, it } from "vitest";
import { formatBootLine, formatJournalLine, formatLogcatLine, logcatTime } from "./device-log.ts";
import { androidVersionOf, buildProp } from "./rootfs.ts";

const moment = new Date(Date.UTC(2025, 2, 7, 9, 5, 3, 42));

describe("device log formats", () => {
  it("writes logcat threadtime lines", () => {
    expect(logcatTime(moment)).toBe("03-07 09:05:03.042");
    expect(formatLogcatLine(moment, 412, 430, "I", "ActivityManager", "System now ready")).toBe(
      "03-07 09:05:03.042   412   430 I ActivityManager: System now ready",
    );
  });

  it("writes journal and boot lines", () => {
    expect(formatJournalLine(moment, "ams-1", "systemd", 1, "Started x.")).toBe(
      "Mar 07 09:05:03 ams-1 systemd[1]: Started x.",
    );
    expect(formatBootLine(moment, "[start] go")).toBe("2025-03-07T09:05:03.042Z [start] go");
  });
});

describe("build.prop", () => {
  it("follows the image's Android version and the display", () => {
    expect(androidVersionOf("jammy:android14:amd64")).toEqual({ release: 14, sdk: 34 });
    expect(androidVersionOf("jammy:aaos15:amd64")).toEqual({ release: 15, sdk: 35 });
    const text = buildProp({
      id: "cilsreunfpfec9b1ktg0",
      name: "demo",
      imageName: "jammy:aaos14:amd64",
      imageVariant: "aaos",
      architecture: "x86_64",
      display: { width: 1280, height: 720, fps: 60, density: 240 },
      bootPackage: "com.example",
    });
    expect(text).toContain("ro.build.version.sdk=34\n");
    expect(text).toContain("ro.build.characteristics=automotive\n");
    expect(text).toContain("ro.sf.lcd_density=240\n");
    expect(text).toContain("ro.anbox.boot_package=com.example\n");
  });
});
