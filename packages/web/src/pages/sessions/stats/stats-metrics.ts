import type { AnomalyRule } from "./stats-anomalies.ts";
import type { MetricReader } from "./stats-history.ts";

/** The metrics the panel judges (SPEC section 4), for video and, when there is one, audio. */
export const watchedMetrics = {
  rtt: { read: (sample) => sample.network.currentRtt, rule: "rtt" },
  // Judged as RTT is: above 100 ms a stream no longer feels direct.
  inputToScreen: { read: (sample) => sample.inputToScreen?.p50, rule: "rtt" },
  videoDecodeTime: { read: (sample) => sample.video?.decodeTime, rule: "usual-range" },
  videoJitter: { read: (sample) => sample.video?.jitter, rule: "usual-range" },
  videoJitterBufferDelay: {
    read: (sample) => sample.video?.avgJitterBufferDelay,
    rule: "usual-range",
  },
  videoPacketsLost: { read: (sample) => sample.video?.packetsLost, rule: "packet-loss" },
  audioJitter: { read: (sample) => sample.audio?.jitter, rule: "usual-range" },
  audioJitterBufferDelay: {
    read: (sample) => sample.audio?.avgJitterBufferDelay,
    rule: "usual-range",
  },
  audioPacketsLost: { read: (sample) => sample.audio?.packetsLost, rule: "packet-loss" },
} satisfies Record<string, { read: MetricReader; rule: AnomalyRule }>;

export type WatchedMetric = keyof typeof watchedMetrics;

/** The time series drawn as charts, in the order shown. */
export const chartedMetrics = {
  rtt: { title: "RTT", unit: "ms", read: watchedMetrics.rtt.read },
  inputToScreen: {
    title: "Input to screen (median)",
    unit: "ms",
    read: watchedMetrics.inputToScreen.read,
  },
  videoBandwidth: {
    title: "Video bandwidth",
    unit: "MBit/s",
    read: (sample) => sample.video?.bandwidthMbit,
  },
  videoFps: { title: "Video FPS", unit: "fps", read: (sample) => sample.video?.fps },
  videoDecodeTime: {
    title: "Video decode time",
    unit: "ms",
    read: watchedMetrics.videoDecodeTime.read,
  },
  videoJitter: { title: "Video jitter", unit: "ms", read: watchedMetrics.videoJitter.read },
  videoJitterBufferDelay: {
    title: "Video jitter buffer delay",
    unit: "ms",
    read: watchedMetrics.videoJitterBufferDelay.read,
  },
  videoPacketsLost: {
    title: "Video packets lost",
    unit: "packets",
    read: watchedMetrics.videoPacketsLost.read,
  },
} satisfies Record<string, { title: string; unit: string; read: MetricReader }>;

export type ChartedMetric = keyof typeof chartedMetrics;
