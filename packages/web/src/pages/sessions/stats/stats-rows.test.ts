import { describe, expect, it } from "vitest";
import { statsSections } from "./stats-rows.ts";
import { buildStatsView, emptyStatsView } from "./stats-view.ts";
import { sampleAt } from "./stats-fixtures.test-support.ts";

describe("statsSections", () => {
  it("shows dashes before the first sample", () => {
    const sections = statsSections(emptyStatsView);
    expect(sections.network[0]).toEqual({ label: "Current RTT", value: "—", abnormal: false });
    expect(sections.video.every(({ value }) => value === "—")).toBe(true);
  });

  it("says the browser gives no RTT when a sample lacks it", () => {
    const sections = statsSections(buildStatsView([sampleAt(1000)]));
    expect(sections.network[0]?.value).toBe("Not implemented in your browser");
    expect(sections.audio.map(({ label }) => label)).toEqual([
      "Codec",
      "Bandwidth",
      "Total received",
      "Jitter",
      "Jitter buffer delay",
      "Packets received",
      "Packets lost",
      "Total samples received",
    ]);
    expect(sections.audio.every(({ value }) => value === "—")).toBe(true);
  });

  it("gives values with units and flags the abnormal ones", () => {
    const view = buildStatsView([
      sampleAt(1000, { video: { packetsLost: 1 } }),
      sampleAt(2000, {
        network: { currentRtt: 120, transportType: "udp" },
        video: { codec: "H264", bandwidthMbit: 1.5, fps: 30, packetsLost: 2 },
        rtcConfig: { bundlePolicy: "max-bundle", iceCandidatePoolSize: 0 },
      }),
    ]);

    const sections = statsSections(view);

    expect(sections.network.slice(0, 2)).toEqual([
      { label: "Current RTT", value: "120.0 ms", abnormal: true },
      { label: "Transport type", value: "udp", abnormal: false },
    ]);
    expect(sections.video).toContainEqual({ label: "Codec", value: "H264", abnormal: false });
    expect(sections.video).toContainEqual({
      label: "Bandwidth",
      value: "1.50 MBit/s",
      abnormal: false,
    });
    expect(sections.video).toContainEqual({ label: "FPS", value: "30 fps", abnormal: false });
    expect(sections.video).toContainEqual({ label: "Packets lost", value: "2", abnormal: true });
    expect(sections.rtcConfig).toContainEqual({
      label: "Bundle policy",
      value: "max-bundle",
      abnormal: false,
    });
    expect(sections.rtcConfig).toContainEqual({
      label: "ICE candidate pool size",
      value: "0",
      abnormal: false,
    });
  });
});
