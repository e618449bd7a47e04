import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StreamLog } from "../../src/streaming/stream-log.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tabletLog(): { log: StreamLog; read: () => Promise<string> } {
  const logsDir = mkdtempSync(join(tmpdir(), "stream-log-"));
  dirs.push(logsDir);
  const spec = {
    instanceId: "tablet",
    instanceName: "tablet",
    source: "android15 (image)",
    width: 1280,
    height: 720,
    fps: 30,
    density: 240,
    logsDir,
  };
  const log = new StreamLog(spec, 0);
  const read = async () => {
    // Written in the background: a line that is always written last tells when the rest is.
    log.left("the test ended");
    for (let attempt = 0; attempt < 50; attempt++) {
      const text = (() => {
        try {
          return readFileSync(join(logsDir, "android.log"), "utf8");
        } catch {
          return "";
        }
      })();
      if (text.includes("stream client left")) return text;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("android.log was not written");
  };
  return { log, read };
}

describe("StreamLog", () => {
  it("writes a turn once it changes the rotation, named for how the screen is held naturally", async () => {
    const { log, read } = tabletLog();
    // A viewer joins holding the tablet as it is: its messages turn nothing.
    log.input({ kind: "rotate", orientation: "landscape" }, 0);
    log.input({ kind: "acceleration", x: 0, y: 9.81, z: 0 }, 0);
    // Rotate right: the orientation and the accelerometer agree; one line.
    log.input({ kind: "rotate", orientation: "reverse-portrait" }, 90);
    log.input({ kind: "acceleration", x: -9.81, y: 0, z: 0 }, 90);
    const lines = (await read()).split("\n").filter((line) => line.includes("WindowManager"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ I WindowManager: rotation changed to reverse-portrait \(90°\)$/);
  });
});
