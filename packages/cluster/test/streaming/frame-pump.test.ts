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

  it("draws a frame at once for input, once in four frame periods at most", async () => {
    const drawnAt: number[] = [];
    // 10 fps: the next frame's turn is 100 ms away, far more than an expedited frame takes.
    const pump = new FramePump(
      10,
      () => {
        drawnAt.push(performance.now());
        return Buffer.alloc(4);
      },
      {
        writeFrame: (_frame, written) => {
          written();
        },
      },
    );
    pump.start();
    await waitFor(() => (drawnAt.length >= 1 ? true : undefined), "the first frame");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const inputAt = performance.now();
    pump.expedite();
    expect(drawnAt).toHaveLength(2);
    expect((drawnAt[1] ?? 0) - inputAt).toBeLessThan(5);
    // A second input within four periods waits for its turn.
    pump.expedite();
    expect(drawnAt).toHaveLength(2);
    // The schedule goes on from the expedited frame: the next is a period after it, not sooner.
    await waitFor(() => (drawnAt.length >= 3 ? true : undefined), "the next frame");
    pump.stop();
    expect((drawnAt[2] ?? 0) - (drawnAt[1] ?? 0)).toBeGreaterThanOrEqual(95);
  });
});
