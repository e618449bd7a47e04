// One reading of the panel, in the shape of the streaming SDK's statistics (reference 4.5) and in
// the panel's units: times in ms, bandwidth in MBit/s, bytes in MB (divided by 1e6). A field is
// absent when the browser did not report what it is computed from.

export interface NetworkStats {
  /** Of the selected candidate pair. */
  currentRtt?: number;
  /** The local candidate's protocol ("udp", "tcp"). */
  transportType?: string;
  localCandidateType?: string;
  remoteCandidateType?: string;
}

/** What video and audio streams have in common. */
export interface MediaStats {
  /** The MIME subtype: "H264", "VP8", "opus". */
  codec?: string;
  /** Over the time since the previous sample. */
  bandwidthMbit?: number;
  totalBytesReceived?: number;
  jitter?: number;
  /** Since the stream started: jitterBufferDelay / jitterBufferEmittedCount. */
  avgJitterBufferDelay?: number;
  packetsReceived?: number;
  packetsLost?: number;
}

export interface VideoStats extends MediaStats {
  fps?: number;
  /** Per frame, over the frames decoded since the previous sample (since the start for the first). */
  decodeTime?: number;
}

export interface AudioStats extends MediaStats {
  totalSamplesReceived?: number;
}

export interface RtcConfigStats {
  rtcpMuxPolicy?: string;
  bundlePolicy?: string;
  iceTransportPolicy?: string;
  iceCandidatePoolSize?: number;
}

/** The true time from an input sent to the frame that shows it (the device's input marker). */
export interface InputToScreenStats {
  /** The last input's. */
  last: number;
  /** Over the inputs of the last ten seconds. */
  p50: number;
  p95: number;
  count: number;
}

export interface StreamStatsSample {
  /** When the sample was taken, ms since the epoch (wall clock: the CSV's date). */
  time: number;
  network: NetworkStats;
  /** Absent when the connection receives no such stream. */
  video?: VideoStats;
  audio?: AudioStats;
  /** Absent until an input has been measured in the last ten seconds. */
  inputToScreen?: InputToScreenStats;
  rtcConfig: RtcConfigStats;
}
