import { describe, expect, it } from "vitest";
import { computeStatsSample } from "./compute-stats-sample.ts";
import { appendToHistory, type StatsHistory } from "./stats-history.ts";
import { buildStatsView, chartColumns } from "./stats-view.ts";
import {
  audioInbound,
  chromiumConfig,
  chromiumNetwork,
  codecs,
  sampleAt,
  videoInbound,
} from "./stats-fixtures.test-support.ts";

describe("chartColumns", () => {
  it("gives times in seconds and the values, null where missing", () => {
    const history = [
      sampleAt(1000, { network: { currentRtt: 4 } }),
      sampleAt(2000),
      sampleAt(3000, { network: { currentRtt: 5 } }),
    ];
    expect(chartColumns(history, (sample) => sample.network.currentRtt)).toEqual([
      [1, 2, 3],
      [4, null, 5],
    ]);
  });
});

describe("buildStatsView", () => {
  it("gives the latest sample, the flags of each watched metric and the chart data", () => {
    const history = [
      sampleAt(1000, { network: { currentRtt: 40 }, video: { packetsLost: 1 } }),
      sampleAt(2000, {
        network: { currentRtt: 140 },
        video: { packetsLost: 3 },
        inputToScreen: { last: 130, p50: 120, p95: 150, count: 4 },
      }),
    ];

    const view = buildStatsView(history);

    expect(view.latest).toBe(history[1]);
    expect(view.abnormal).toEqual({
      rtt: true,
      // Judged as RTT is, on its median: 120 ms is above 100 ms.
      inputToScreen: true,
      videoDecodeTime: false,
      videoJitter: false,
      videoJitterBufferDelay: false,
      videoPacketsLost: true,
      audioJitter: false,
      audioJitterBufferDelay: false,
      audioPacketsLost: false,
    });
    expect(Object.keys(view.charts)).toEqual([
      "rtt",
      "inputToScreen",
      "videoBandwidth",
      "videoFps",
      "videoDecodeTime",
      "videoJitter",
      "videoJitterBufferDelay",
      "videoPacketsLost",
    ]);
    expect(view.charts.videoPacketsLost).toEqual([
      [1, 2],
      [1, 3],
    ]);
    expect(view.charts.inputToScreen).toEqual([
      [1, 2],
      [null, 120],
    ]);
  });

  it("takes well under 1 ms per sample with 5 minutes (300 points) of history", () => {
    // Everything done per sample: mapping the report, trimming the history, judging, chart data.
    let history: StatsHistory = [];
    let counters = {};
    const step = (second: number) => {
      const entries = [
        ...chromiumNetwork(0.004 + (second % 7) / 1000),
        ...codecs,
        videoInbound({
          timestamp: second * 1000,
          bytesReceived: second * 190_000,
          framesDecoded: second * 30,
          totalDecodeTime: second * 0.04,
          jitter: 0.004 + (second % 5) / 1000,
        }),
        audioInbound({ timestamp: second * 1000, bytesReceived: second * 4000 }),
      ];
      const computed = computeStatsSample(entries, counters, chromiumConfig, second * 1000);
      counters = computed.counters;
      history = appendToHistory(history, computed.sample);
      return buildStatsView(history);
    };
    for (let second = 1; second <= 300; second += 1) step(second);
    expect(history).toHaveLength(300);

    const measured = 1000;
    const started = performance.now();
    for (let second = 301; second < 301 + measured; second += 1) step(second);
    const perSampleMs = (performance.now() - started) / measured;

    expect(history).toHaveLength(301);
    expect(perSampleMs).toBeLessThan(1);
  });
});
