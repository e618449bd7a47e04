import type {
  AudioStats,
  MediaStats,
  NetworkStats,
  RtcConfigStats,
  StreamStatsSample,
  VideoStats,
} from "./stream-stats-sample.ts";
import type {
  CandidateEntry,
  CandidatePairEntry,
  InboundRtpEntry,
  StatsEntry,
} from "./stats-report.ts";

/** The counters of a stream's report kept for the next sample, which needs their differences. */
export interface InboundCounters {
  id: string;
  timestamp: number;
  bytesReceived?: number;
  framesDecoded?: number;
  totalDecodeTime?: number;
}

export interface PreviousCounters {
  video?: InboundCounters;
  audio?: InboundCounters;
}

/** The part of `RTCConfiguration` shown in the panel. */
export type RtcConfigSource = Pick<
  RTCConfiguration,
  "rtcpMuxPolicy" | "bundlePolicy" | "iceTransportPolicy" | "iceCandidatePoolSize"
>;

export interface ComputedSample {
  sample: StreamStatsSample;
  /** To pass back with the next report. */
  counters: PreviousCounters;
}

const secondsToMs = 1000;
/** SPEC section 9: bytes to MB divided by 1e6 (and bits to MBit likewise). */
const bytesPerMegabyte = 1e6;
const bitsPerByte = 8;

/**
 * The panel's sample from one statistics report. Rates (bandwidth, decode time per frame, and fps
 * where the browser gives no framesPerSecond) come from the differences with the counters of the
 * previous report of the same stream.
 */
export function computeStatsSample(
  entries: readonly StatsEntry[],
  previous: PreviousCounters,
  config: RtcConfigSource,
  time: number,
): ComputedSample {
  const video = findInbound(entries, "video");
  const audio = findInbound(entries, "audio");
  return {
    sample: {
      time,
      network: networkStats(entries),
      video: video && videoStats(video, entries, previous.video),
      audio: audio && audioStats(audio, entries, previous.audio),
      rtcConfig: {
        rtcpMuxPolicy: config.rtcpMuxPolicy,
        bundlePolicy: config.bundlePolicy,
        iceTransportPolicy: config.iceTransportPolicy,
        iceCandidatePoolSize: config.iceCandidatePoolSize,
      } satisfies RtcConfigStats,
    },
    counters: { video: video && countersOf(video), audio: audio && countersOf(audio) },
  };
}

function findInbound(entries: readonly StatsEntry[], kind: string): InboundRtpEntry | undefined {
  return entries.find(
    (entry): entry is InboundRtpEntry => entry.type === "inbound-rtp" && entry.kind === kind,
  );
}

function countersOf(entry: InboundRtpEntry): InboundCounters {
  return {
    id: entry.id,
    timestamp: entry.timestamp,
    bytesReceived: entry.bytesReceived,
    framesDecoded: entry.framesDecoded,
    totalDecodeTime: entry.totalDecodeTime,
  };
}

/**
 * The pair in use: the one the transport names; without a transport (Firefox), the one marked
 * selected; otherwise a nominated pair that succeeded.
 */
function selectedPair(entries: readonly StatsEntry[]): CandidatePairEntry | undefined {
  const pairs = entries.filter((entry) => entry.type === "candidate-pair");
  const transport = entries.find((entry) => entry.type === "transport");
  const named = transport?.selectedCandidatePairId;
  if (named !== undefined) {
    const pair = pairs.find((candidatePair) => candidatePair.id === named);
    if (pair !== undefined) return pair;
  }
  return (
    pairs.find((pair) => pair.selected === true) ??
    pairs.find((pair) => pair.nominated === true && pair.state === "succeeded")
  );
}

function candidate(
  entries: readonly StatsEntry[],
  type: CandidateEntry["type"],
  id: string | undefined,
): CandidateEntry | undefined {
  if (id === undefined) return undefined;
  return entries.find((entry): entry is CandidateEntry => entry.type === type && entry.id === id);
}

function networkStats(entries: readonly StatsEntry[]): NetworkStats {
  const pair = selectedPair(entries);
  const local = candidate(entries, "local-candidate", pair?.localCandidateId);
  const remote = candidate(entries, "remote-candidate", pair?.remoteCandidateId);
  const rtt = pair?.currentRoundTripTime;
  return {
    currentRtt: rtt === undefined ? undefined : rtt * secondsToMs,
    transportType: local?.protocol,
    localCandidateType: local?.candidateType,
    remoteCandidateType: remote?.candidateType,
  };
}

/** The previous counters when they are of the same stream and older (a restarted stream is not). */
function comparable(
  entry: InboundRtpEntry,
  previous: InboundCounters | undefined,
): InboundCounters | undefined {
  if (previous === undefined) return undefined;
  if (previous.id !== entry.id || previous.timestamp >= entry.timestamp) return undefined;
  return previous;
}

/** The growth of a counter, or nothing when either value is missing or it went backwards. */
function growth(current: number | undefined, before: number | undefined): number | undefined {
  if (current === undefined || before === undefined || current < before) return undefined;
  return current - before;
}

function ratio(numerator: number | undefined, denominator: number | undefined): number | undefined {
  if (numerator === undefined || denominator === undefined || denominator <= 0) return undefined;
  return numerator / denominator;
}

function times(value: number | undefined, factor: number): number | undefined {
  return value === undefined ? undefined : value * factor;
}

function codecName(
  entries: readonly StatsEntry[],
  codecId: string | undefined,
): string | undefined {
  if (codecId === undefined) return undefined;
  const codec = entries.find((entry) => entry.type === "codec" && entry.id === codecId);
  const mimeType = codec?.type === "codec" ? codec.mimeType : undefined;
  // "video/H264" → "H264".
  return mimeType?.slice(mimeType.indexOf("/") + 1);
}

function mediaStats(
  entry: InboundRtpEntry,
  entries: readonly StatsEntry[],
  before: InboundCounters | undefined,
): MediaStats {
  const seconds = before && (entry.timestamp - before.timestamp) / secondsToMs;
  const bytes = growth(entry.bytesReceived, before?.bytesReceived);
  return {
    codec: codecName(entries, entry.codecId),
    bandwidthMbit: times(ratio(bytes, seconds), bitsPerByte / bytesPerMegabyte),
    totalBytesReceived: ratio(entry.bytesReceived, bytesPerMegabyte),
    jitter: times(entry.jitter, secondsToMs),
    avgJitterBufferDelay: times(
      ratio(entry.jitterBufferDelay, entry.jitterBufferEmittedCount),
      secondsToMs,
    ),
    packetsReceived: entry.packetsReceived,
    packetsLost: entry.packetsLost,
  };
}

function videoStats(
  entry: InboundRtpEntry,
  entries: readonly StatsEntry[],
  previous: InboundCounters | undefined,
): VideoStats {
  const before = comparable(entry, previous);
  // Decode time per frame over the last interval, not since the start: a slow-down must show
  // (and be judged abnormal) at once rather than be averaged away. The first sample, with no
  // previous counters, covers the time since the start, which is the same difference from zero.
  const decodedBefore = before ? before.framesDecoded : 0;
  const decodeTimeBefore = before ? before.totalDecodeTime : 0;
  const frames = growth(entry.framesDecoded, decodedBefore);
  const decodeSeconds = growth(entry.totalDecodeTime, decodeTimeBefore);
  const intervalSeconds = before && (entry.timestamp - before.timestamp) / secondsToMs;
  return {
    ...mediaStats(entry, entries, before),
    // Firefox has reported no framesPerSecond in some versions: count the decoded frames instead.
    fps:
      entry.framesPerSecond ??
      (before
        ? ratio(growth(entry.framesDecoded, before.framesDecoded), intervalSeconds)
        : undefined),
    decodeTime: times(ratio(decodeSeconds, frames), secondsToMs),
  };
}

function audioStats(
  entry: InboundRtpEntry,
  entries: readonly StatsEntry[],
  previous: InboundCounters | undefined,
): AudioStats {
  return {
    ...mediaStats(entry, entries, comparable(entry, previous)),
    totalSamplesReceived: entry.totalSamplesReceived,
  };
}
