import { rttUnsupportedText } from "./stats-constants.ts";
import type { WatchedMetric } from "./stats-metrics.ts";
import type { StatsView } from "./stats-view.ts";
import { formatCount, formatStat, formatText, missingValue } from "./format-stat.ts";
import type { AudioStats, MediaStats, VideoStats } from "./stream-stats-sample.ts";

export interface StatRow {
  label: string;
  value: string;
  abnormal: boolean;
}

export interface StatsSections {
  network: StatRow[];
  inputToScreen: StatRow[];
  video: StatRow[];
  audio: StatRow[];
  rtcConfig: StatRow[];
}

function row(label: string, value: string, abnormal = false): StatRow {
  return { label, value, abnormal };
}

function mediaRows(
  media: MediaStats | undefined,
  abnormal: Readonly<Record<WatchedMetric, boolean>>,
  kind: "video" | "audio",
): Record<"codec" | "bandwidth" | "total" | "jitter" | "buffer" | "received" | "lost", StatRow> {
  return {
    codec: row("Codec", formatText(media?.codec)),
    bandwidth: row("Bandwidth", formatStat(media?.bandwidthMbit, "MBit/s")),
    total: row("Total received", formatStat(media?.totalBytesReceived, "MB")),
    jitter: row("Jitter", formatStat(media?.jitter, "ms"), abnormal[`${kind}Jitter`]),
    buffer: row(
      kind === "video" ? "Average jitter buffer delay" : "Jitter buffer delay",
      formatStat(media?.avgJitterBufferDelay, "ms"),
      abnormal[`${kind}JitterBufferDelay`],
    ),
    received: row("Packets received", formatCount(media?.packetsReceived)),
    lost: row("Packets lost", formatCount(media?.packetsLost), abnormal[`${kind}PacketsLost`]),
  };
}

function videoRows(view: StatsView): StatRow[] {
  const video: VideoStats | undefined = view.latest?.video;
  const media = mediaRows(video, view.abnormal, "video");
  return [
    media.codec,
    media.bandwidth,
    media.total,
    row("FPS", formatStat(video?.fps, "fps")),
    row("Decode time", formatStat(video?.decodeTime, "ms"), view.abnormal.videoDecodeTime),
    media.jitter,
    media.buffer,
    media.received,
    media.lost,
  ];
}

function audioRows(view: StatsView): StatRow[] {
  const audio: AudioStats | undefined = view.latest?.audio;
  const media = mediaRows(audio, view.abnormal, "audio");
  return [
    media.codec,
    media.bandwidth,
    media.total,
    media.jitter,
    media.buffer,
    media.received,
    media.lost,
    row("Total samples received", formatCount(audio?.totalSamplesReceived)),
  ];
}

/** The label → value rows of each section (SPEC section 2), from the latest sample. */
export function statsSections(view: StatsView): StatsSections {
  const latest = view.latest;
  const network = latest?.network;
  const config = latest?.rtcConfig;
  // Before the first sample nothing is known; after it, a missing RTT means the browser has none.
  const rtt =
    latest === undefined
      ? missingValue
      : network?.currentRtt === undefined
        ? rttUnsupportedText
        : formatStat(network.currentRtt, "ms");
  return {
    network: [
      row("Current RTT", rtt, view.abnormal.rtt),
      row("Transport type", formatText(network?.transportType)),
      row("Local candidate type", formatText(network?.localCandidateType)),
      row("Remote candidate type", formatText(network?.remoteCandidateType)),
    ],
    inputToScreen: [
      row("Last input", formatStat(latest?.inputToScreen?.last, "ms")),
      row(
        "Median (10 s)",
        formatStat(latest?.inputToScreen?.p50, "ms"),
        view.abnormal.inputToScreen,
      ),
      row("95th percentile (10 s)", formatStat(latest?.inputToScreen?.p95, "ms")),
      row("Inputs measured (10 s)", formatCount(latest?.inputToScreen?.count)),
    ],
    video: videoRows(view),
    audio: audioRows(view),
    rtcConfig: [
      row("RTCP mux policy", formatText(config?.rtcpMuxPolicy)),
      row("Bundle policy", formatText(config?.bundlePolicy)),
      row("ICE transport policy", formatText(config?.iceTransportPolicy)),
      row("ICE candidate pool size", formatText(config?.iceCandidatePoolSize)),
    ],
  };
}
