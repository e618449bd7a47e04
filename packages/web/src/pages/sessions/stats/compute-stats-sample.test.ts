import { describe, expect, it } from "vitest";
import { computeStatsSample } from "./compute-stats-sample.ts";
import type { StatsEntry } from "./stats-report.ts";
import {
  audioInbound,
  chromiumConfig,
  chromiumNetwork,
  codecs,
  videoInbound,
} from "./stats-fixtures.test-support.ts";

const time = Date.UTC(2025, 0, 2, 3, 4, 5);

describe("computeStatsSample", () => {
  it("maps a first report with video and no audio", () => {
    const entries = [...chromiumNetwork(0.0042), ...codecs, videoInbound()];

    const { sample, counters } = computeStatsSample(entries, {}, chromiumConfig, time);

    expect(sample.time).toBe(time);
    expect(sample.network.currentRtt).toBeCloseTo(4.2, 9);
    expect(sample.network).toMatchObject({
      transportType: "udp",
      localCandidateType: "prflx",
      remoteCandidateType: "host",
    });
    expect(sample.video).toEqual({
      codec: "H264",
      // No previous report: no interval to measure a rate over.
      bandwidthMbit: undefined,
      totalBytesReceived: 1,
      fps: 30,
      // Since the start: 0.15 s over 100 frames.
      decodeTime: expect.closeTo(1.5, 9) as number,
      jitter: 5,
      avgJitterBufferDelay: 15,
      packetsReceived: 900,
      packetsLost: 0,
    });
    expect(sample.audio).toBeUndefined();
    expect(sample.rtcConfig).toEqual({
      rtcpMuxPolicy: "require",
      bundlePolicy: "balanced",
      iceTransportPolicy: "all",
      iceCandidatePoolSize: 0,
    });
    expect(counters.video).toEqual({
      id: "IT01V",
      timestamp: 10_000,
      bytesReceived: 1_000_000,
      framesDecoded: 100,
      totalDecodeTime: 0.15,
    });
    expect(counters.audio).toBeUndefined();
  });

  it("computes bandwidth and decode time over the interval since the previous report", () => {
    const first = computeStatsSample([videoInbound()], {}, chromiumConfig, time);
    const next = videoInbound({
      timestamp: 12_000,
      bytesReceived: 1_500_000,
      framesDecoded: 160,
      totalDecodeTime: 0.27,
    });

    const { sample } = computeStatsSample([next], first.counters, chromiumConfig, time + 2000);

    // 500,000 bytes in 2 s: 2 MBit/s.
    expect(sample.video?.bandwidthMbit).toBeCloseTo(2, 9);
    expect(sample.video?.totalBytesReceived).toBe(1.5);
    // 0.12 s over 60 frames, not the 1.69 ms average since the start.
    expect(sample.video?.decodeTime).toBeCloseTo(2, 9);
  });

  it("gives no rates when no frame was decoded, or the stream restarted", () => {
    const first = computeStatsSample([videoInbound()], {}, chromiumConfig, time);

    const stalled = computeStatsSample(
      [videoInbound({ timestamp: 11_000 })],
      first.counters,
      chromiumConfig,
      time + 1000,
    );
    expect(stalled.sample.video?.decodeTime).toBeUndefined();
    expect(stalled.sample.video?.bandwidthMbit).toBe(0);

    const restarted = computeStatsSample(
      [
        videoInbound({
          id: "IT02V",
          timestamp: 11_000,
          bytesReceived: 2000,
          framesDecoded: 10,
          totalDecodeTime: 0.03,
        }),
      ],
      first.counters,
      chromiumConfig,
      time + 1000,
    );
    expect(restarted.sample.video?.bandwidthMbit).toBeUndefined();
    // The new stream's own average since its start.
    expect(restarted.sample.video?.decodeTime).toBeCloseTo(3, 9);
  });

  it("counts frames for the fps when the browser gives no framesPerSecond", () => {
    const first = computeStatsSample(
      [videoInbound({ framesPerSecond: undefined })],
      {},
      chromiumConfig,
      time,
    );
    expect(first.sample.video?.fps).toBeUndefined();

    const { sample } = computeStatsSample(
      [videoInbound({ framesPerSecond: undefined, timestamp: 12_000, framesDecoded: 150 })],
      first.counters,
      chromiumConfig,
      time + 2000,
    );
    expect(sample.video?.fps).toBe(25);
  });

  it("leaves the RTT out when the selected pair has none", () => {
    const { sample } = computeStatsSample(chromiumNetwork(undefined), {}, chromiumConfig, time);

    expect(sample.network.currentRtt).toBeUndefined();
    expect(sample.network.localCandidateType).toBe("prflx");
  });

  it("finds the pair without a transport: Firefox's selected one, else a nominated success", () => {
    const candidates: StatsEntry[] = [
      { type: "local-candidate", id: "L1", protocol: "udp", candidateType: "host" },
      { type: "remote-candidate", id: "R1", protocol: "udp", candidateType: "srflx" },
      { type: "local-candidate", id: "L2", protocol: "tcp", candidateType: "relay" },
      { type: "remote-candidate", id: "R2", protocol: "tcp", candidateType: "relay" },
    ];
    const nominatedPair: StatsEntry = {
      type: "candidate-pair",
      id: "P1",
      localCandidateId: "L1",
      remoteCandidateId: "R1",
      state: "succeeded",
      nominated: true,
      currentRoundTripTime: 0.01,
    };
    const waitingPair: StatsEntry = {
      type: "candidate-pair",
      id: "P0",
      localCandidateId: "L2",
      remoteCandidateId: "R2",
      state: "in-progress",
      nominated: true,
    };

    const chromeLike = computeStatsSample(
      [...candidates, waitingPair, nominatedPair],
      {},
      chromiumConfig,
      time,
    );
    expect(chromeLike.sample.network).toEqual({
      currentRtt: 10,
      transportType: "udp",
      localCandidateType: "host",
      remoteCandidateType: "srflx",
    });

    const firefoxLike = computeStatsSample(
      [...candidates, nominatedPair, { ...waitingPair, state: "succeeded", selected: true }],
      {},
      chromiumConfig,
      time,
    );
    expect(firefoxLike.sample.network.transportType).toBe("tcp");
    expect(firefoxLike.sample.network.localCandidateType).toBe("relay");
    expect(firefoxLike.sample.network.currentRtt).toBeUndefined();
  });

  it("gives an empty network before any pair is chosen", () => {
    const { sample } = computeStatsSample([], {}, chromiumConfig, time);
    expect(sample.network).toEqual({
      currentRtt: undefined,
      transportType: undefined,
      localCandidateType: undefined,
      remoteCandidateType: undefined,
    });
    expect(sample.video).toBeUndefined();
  });

  it("maps an audio stream when there is one", () => {
    const first = computeStatsSample([...codecs, audioInbound()], {}, chromiumConfig, time);
    const { sample } = computeStatsSample(
      [...codecs, audioInbound({ timestamp: 11_000, bytesReceived: 44_000 })],
      first.counters,
      chromiumConfig,
      time + 1000,
    );

    expect(sample.audio).toEqual({
      codec: "opus",
      bandwidthMbit: expect.closeTo(0.032, 9) as number,
      totalBytesReceived: 0.044,
      jitter: 2,
      avgJitterBufferDelay: expect.closeTo(0.05, 9) as number,
      packetsReceived: 500,
      packetsLost: 2,
      totalSamplesReceived: 480_000,
    });
    expect(sample.video).toBeUndefined();
  });
});
