import { describe, expect, it } from "vitest";
import { FramePump } from "../../src/streaming/frame-pump.ts";
import { waitFor } from "./stream-client.ts";

describe("FramePump", () => {
  it("sends frames at the rate asked, each a copy the renderer may overwrite", async () => {
    const source = Buffer.alloc(8);
    const received: Buffer[] = [];
    const pump = new FramePump(
      100,
      (frameNumber) => {
        source.fill(frameNumber);
        return source;
      },
      {
        writeFrame: (frame, written) => {
          received.push(Buffer.from(frame));
          written();
        },
      },
    );
    const started = performance.now();
    pump.start();
    await waitFor(() => (received.length >= 20 ? true : undefined), "20 frames");
    pump.stop();
    const elapsed = performance.now() - started;
    // 20 frames at 100 fps: the first at once, the 20th 190 ms later (timers may run late).
    expect(elapsed).toBeGreaterThanOrEqual(185);
    expect(elapsed).toBeLessThan(1_000);
    expect(received.slice(0, 3).map((frame) => frame[0])).toEqual([1, 2, 3]);
    expect(pump.framesDropped).toBe(0);
  });

  it("drops frames rather than queue them while the encoder does not take them", async () => {
    const held: (() => void)[] = [];
    let produced = 0;
    const pump = new FramePump(
      200,
      () => {
        produced++;
        return Buffer.alloc(4);
      },
      {
        writeFrame: (_frame, written) => {
          held.push(written);
        },
      },
    );
    pump.start();
    await waitFor(() => (pump.framesDropped >= 10 ? true : undefined), "dropped frames");
    expect(pump.framesSent).toBe(2);
    expect(produced).toBe(2); // A dropped frame is not even drawn.
    for (const release of held.splice(0)) release();
    await waitFor(() => (pump.framesSent > 2 ? true : undefined), "sending to resume");
    pump.stop();
  });
});
