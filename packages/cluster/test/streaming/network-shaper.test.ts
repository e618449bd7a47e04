import { afterEach, describe, expect, it, vi } from "vitest";
import { NetworkShaper } from "../../src/streaming/network-shaper.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("NetworkShaper", () => {
  it("sends at once while unshaped", () => {
    const shaper = new NetworkShaper();
    const sent: number[] = [];
    shaper.send(1200, () => sent.push(1));
    expect(sent).toEqual([1]);
  });

  it("holds packets to the link's bandwidth, delays them by its latency and drops what overflows its buffer", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const shaper = new NetworkShaper(() => 1); // nothing lost at random
    // 80 kbps: a 1000-byte packet takes 100 ms of the link.
    shaper.shape({ kbps: 80, latencyMs: 300, lossRate: 0.5 });
    const arrivals: number[] = [];
    for (let packet = 0; packet < 10; packet++) {
      shaper.send(1000, () => arrivals.push(performance.now()));
    }
    // The link's buffer holds 400 ms: five packets (the first starts at once), the rest dropped.
    expect(shaper.dropped).toBe(5);
    vi.advanceTimersByTime(2_000);
    expect(arrivals.map(Math.round)).toEqual([400, 500, 600, 700, 800]);
  });

  it("holds the link to the viewer's ceiling, alone or under the network's profile", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const shaper = new NetworkShaper(() => 1);
    const arrivals: number[] = [];
    const sendTwo = () => {
      const start = performance.now();
      for (let packet = 0; packet < 2; packet++) {
        shaper.send(1000, () => arrivals.push(performance.now() - start));
      }
      vi.advanceTimersByTime(1_000);
    };
    // 160 kbps alone: a 1000-byte packet takes 50 ms, on a clean link.
    shaper.limit(160);
    sendTwo();
    expect(arrivals.map(Math.round)).toEqual([50, 100]);
    // Under GPRS (80 kbps, 300 ms), the slower of the two holds; the profile's latency stays.
    arrivals.length = 0;
    shaper.shape({ kbps: 80, latencyMs: 300, lossRate: 0 });
    sendTwo();
    expect(arrivals.map(Math.round)).toEqual([400, 500]);
    // The ceiling lifted: the profile alone; the profile gone too: sent at once.
    shaper.limit(undefined);
    shaper.shape(undefined);
    arrivals.length = 0;
    sendTwo();
    expect(arrivals).toEqual([0, 0]);
  });

  it("keeps packets in order when the shaping is lifted while some are still on their way", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const shaper = new NetworkShaper(() => 1);
    const order: string[] = [];
    shaper.shape({ kbps: 80, latencyMs: 100, lossRate: 0 });
    shaper.send(1000, () => order.push("shaped"));
    shaper.shape(undefined);
    shaper.send(1000, () => order.push("after"));
    expect(order).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(order).toEqual(["shaped", "after"]);
    // Nothing on its way: sent at once.
    shaper.send(1000, () => order.push("at once"));
    expect(order.at(-1)).toBe("at once");
  });

  it("loses the profile's share of packets, and stops sending once stopped", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const draws = [0.001, 0.9];
    const shaper = new NetworkShaper(() => draws.shift() ?? 0.9);
    shaper.shape({ kbps: 100_000, latencyMs: 20, lossRate: 0.01 });
    const sent: string[] = [];
    shaper.send(100, () => sent.push("lost"));
    shaper.send(100, () => sent.push("kept"));
    shaper.send(100, () => sent.push("stopped"));
    expect(shaper.dropped).toBe(1);
    shaper.stop();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([]);
    shaper.send(100, () => sent.push("after"));
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(["after"]);
  });

  it("lets a frame in whole: its packets queue past the buffer, and the next frame waits for room", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const shaper = new NetworkShaper(() => 1);
    expect(shaper.admits()).toBe(true);
    shaper.shape({ kbps: 80, latencyMs: 0, lossRate: 0 });
    expect(shaper.admits()).toBe(true);
    // A 20-packet keyframe of 1000 bytes each: 2 s of the link, all of it queued.
    const arrived: number[] = [];
    for (let packet = 0; packet < 20; packet++) {
      shaper.send(1000, () => arrived.push(packet), true);
    }
    expect(shaper.dropped).toBe(0);
    expect(shaper.admits()).toBe(false);
    vi.advanceTimersByTime(1_700);
    expect(shaper.admits()).toBe(true);
    vi.advanceTimersByTime(500);
    expect(arrived).toHaveLength(20);
  });
});
