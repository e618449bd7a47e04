import type { RtcConfigSource } from "./compute-stats-sample.ts";
import type { InboundRtpEntry, StatsEntry } from "./stats-report.ts";
import type { StreamStatsSample } from "./stream-stats-sample.ts";

/** Chromium's configuration defaults, as `getConfiguration()` gives them. */
export const chromiumConfig: RtcConfigSource = {
  rtcpMuxPolicy: "require",
  bundlePolicy: "balanced",
  iceTransportPolicy: "all",
  iceCandidatePoolSize: 0,
};

/** A connection as Chromium reports it: a transport naming its pair, and a pair not chosen. */
export function chromiumNetwork(rttSeconds: number | undefined): StatsEntry[] {
  return [
    { type: "transport", id: "T01", selectedCandidatePairId: "CPa_b" },
    {
      type: "candidate-pair",
      id: "CPc_d",
      localCandidateId: "Ic",
      remoteCandidateId: "Id",
      state: "failed",
      nominated: false,
      currentRoundTripTime: 0.5,
    },
    {
      type: "candidate-pair",
      id: "CPa_b",
      localCandidateId: "Ia",
      remoteCandidateId: "Ib",
      state: "succeeded",
      nominated: true,
      currentRoundTripTime: rttSeconds,
    },
    { type: "local-candidate", id: "Ia", protocol: "udp", candidateType: "prflx" },
    { type: "remote-candidate", id: "Ib", protocol: "udp", candidateType: "host" },
    { type: "local-candidate", id: "Ic", protocol: "tcp", candidateType: "relay" },
    { type: "remote-candidate", id: "Id", protocol: "tcp", candidateType: "srflx" },
  ];
}

export function videoInbound(fields: Partial<InboundRtpEntry> = {}): InboundRtpEntry {
  return {
    type: "inbound-rtp",
    id: "IT01V",
    kind: "video",
    timestamp: 10_000,
    codecId: "CIT01_102",
    bytesReceived: 1_000_000,
    packetsReceived: 900,
    packetsLost: 0,
    jitter: 0.005,
    framesPerSecond: 30,
    framesDecoded: 100,
    totalDecodeTime: 0.15,
    jitterBufferDelay: 1.5,
    jitterBufferEmittedCount: 100,
    ...fields,
  };
}

export function audioInbound(fields: Partial<InboundRtpEntry> = {}): InboundRtpEntry {
  return {
    type: "inbound-rtp",
    id: "IT01A",
    kind: "audio",
    timestamp: 10_000,
    codecId: "CIT01_111",
    bytesReceived: 40_000,
    packetsReceived: 500,
    packetsLost: 2,
    jitter: 0.002,
    jitterBufferDelay: 4.8,
    jitterBufferEmittedCount: 96_000,
    totalSamplesReceived: 480_000,
    ...fields,
  };
}

export const codecs: StatsEntry[] = [
  { type: "codec", id: "CIT01_102", mimeType: "video/H264" },
  { type: "codec", id: "CIT01_111", mimeType: "audio/opus" },
];

/** A sample with only the fields a test sets (network empty, no streams). */
export function sampleAt(time: number, fields: Partial<StreamStatsSample> = {}): StreamStatsSample {
  return { time, network: {}, rtcConfig: {}, ...fields };
}
