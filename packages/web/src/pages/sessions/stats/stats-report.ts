// The few fields of a WebRTC statistics report that the panel reads, as narrow types. A browser's
// report is a map of loosely typed objects (and browsers differ): `parseStatsReport` keeps only
// the entries and fields used here, and only when they have the expected type, so that the rest of
// the code works on checked values.

export interface TransportEntry {
  type: "transport";
  id: string;
  selectedCandidatePairId?: string;
}

export interface CandidatePairEntry {
  type: "candidate-pair";
  id: string;
  localCandidateId?: string;
  remoteCandidateId?: string;
  state?: string;
  nominated?: boolean;
  /** Firefox marks its selected pair this way (it reports no transport). */
  selected?: boolean;
  /** Seconds. */
  currentRoundTripTime?: number;
}

export interface CandidateEntry {
  type: "local-candidate" | "remote-candidate";
  id: string;
  protocol?: string;
  candidateType?: string;
}

export interface CodecEntry {
  type: "codec";
  id: string;
  mimeType?: string;
}

export interface InboundRtpEntry {
  type: "inbound-rtp";
  id: string;
  /** Milliseconds, used only for differences between two reports. */
  timestamp: number;
  kind?: string;
  codecId?: string;
  bytesReceived?: number;
  packetsReceived?: number;
  packetsLost?: number;
  /** Seconds. */
  jitter?: number;
  framesPerSecond?: number;
  framesDecoded?: number;
  /** Seconds, all frames together. */
  totalDecodeTime?: number;
  /** Seconds, all emitted samples or frames together. */
  jitterBufferDelay?: number;
  jitterBufferEmittedCount?: number;
  totalSamplesReceived?: number;
}

export type StatsEntry =
  TransportEntry | CandidatePairEntry | CandidateEntry | CodecEntry | InboundRtpEntry;

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null;
}

function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === "string" ? value : undefined;
}

function number(fields: Fields, name: string): number | undefined {
  const value = fields[name];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function flag(fields: Fields, name: string): boolean | undefined {
  const value = fields[name];
  return typeof value === "boolean" ? value : undefined;
}

function parseEntry(fields: Fields): StatsEntry | undefined {
  const id = text(fields, "id");
  const type = text(fields, "type");
  if (id === undefined) return undefined;
  switch (type) {
    case "transport":
      return { type, id, selectedCandidatePairId: text(fields, "selectedCandidatePairId") };
    case "candidate-pair":
      return {
        type,
        id,
        localCandidateId: text(fields, "localCandidateId"),
        remoteCandidateId: text(fields, "remoteCandidateId"),
        state: text(fields, "state"),
        nominated: flag(fields, "nominated"),
        selected: flag(fields, "selected"),
        currentRoundTripTime: number(fields, "currentRoundTripTime"),
      };
    case "local-candidate":
    case "remote-candidate":
      return {
        type,
        id,
        protocol: text(fields, "protocol"),
        candidateType: text(fields, "candidateType"),
      };
    case "codec":
      return { type, id, mimeType: text(fields, "mimeType") };
    case "inbound-rtp": {
      const timestamp = number(fields, "timestamp");
      if (timestamp === undefined) return undefined;
      return {
        type,
        id,
        timestamp,
        // Older browsers named it `mediaType`.
        kind: text(fields, "kind") ?? text(fields, "mediaType"),
        codecId: text(fields, "codecId"),
        bytesReceived: number(fields, "bytesReceived"),
        packetsReceived: number(fields, "packetsReceived"),
        packetsLost: number(fields, "packetsLost"),
        jitter: number(fields, "jitter"),
        framesPerSecond: number(fields, "framesPerSecond"),
        framesDecoded: number(fields, "framesDecoded"),
        totalDecodeTime: number(fields, "totalDecodeTime"),
        jitterBufferDelay: number(fields, "jitterBufferDelay"),
        jitterBufferEmittedCount: number(fields, "jitterBufferEmittedCount"),
        totalSamplesReceived: number(fields, "totalSamplesReceived"),
      };
    }
    default:
      return undefined;
  }
}

/** The entries of a report (`RTCStatsReport` is such a map) that the panel reads. */
export function parseStatsReport(report: ReadonlyMap<string, unknown>): StatsEntry[] {
  const entries: StatsEntry[] = [];
  for (const value of report.values()) {
    if (!isFields(value)) continue;
    const entry = parseEntry(value);
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}
