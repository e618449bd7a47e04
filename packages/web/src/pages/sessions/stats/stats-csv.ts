import type { StatsHistory } from "./stats-history.ts";
import type { StreamStatsSample } from "./stream-stats-sample.ts";

type CellValue = number | string | undefined;

/** The columns of the statistics CSV, exactly as the reference names and orders them (4.5). */
const columns: readonly (readonly [
  name: string,
  read: (sample: StreamStatsSample) => CellValue,
])[] = [
  ["date", (sample) => new Date(sample.time).toISOString()],
  ["network-currentrtt", (sample) => sample.network.currentRtt],
  ["video-bandwidth", (sample) => sample.video?.bandwidthMbit],
  ["video-totalreceived", (sample) => sample.video?.totalBytesReceived],
  ["video-fps", (sample) => sample.video?.fps],
  ["video-decodetime", (sample) => sample.video?.decodeTime],
  ["video-jitter", (sample) => sample.video?.jitter],
  ["video-averagejitterbufferdelay", (sample) => sample.video?.avgJitterBufferDelay],
  ["video-packetsreceived", (sample) => sample.video?.packetsReceived],
  ["video-packetslost", (sample) => sample.video?.packetsLost],
  ["audio-bandwidth", (sample) => sample.audio?.bandwidthMbit],
  ["audio-totalreceived", (sample) => sample.audio?.totalBytesReceived],
  ["audio-totalsamplesreceived", (sample) => sample.audio?.totalSamplesReceived],
  ["audio-jitter", (sample) => sample.audio?.jitter],
  ["audio-averagejitterbufferdelay", (sample) => sample.audio?.avgJitterBufferDelay],
  ["audio-packetsreceived", (sample) => sample.audio?.packetsReceived],
  ["audio-packetslost", (sample) => sample.audio?.packetsLost],
];

export const statsCsvColumns: readonly string[] = columns.map(([name]) => name);

/**
 * The history as CSV: a header line, then a line per sample, oldest first. Values are in the
 * panel's units (ms, MBit/s, MB), unrounded; a missing value is an empty cell. No cell needs
 * quoting: dates and numbers hold no comma, quote or line break.
 */
export function statsCsv(history: StatsHistory): string {
  const lines = [statsCsvColumns.join(",")];
  for (const sample of history) {
    lines.push(columns.map(([, read]) => String(read(sample) ?? "")).join(","));
  }
  return `${lines.join("\n")}\n`;
}
