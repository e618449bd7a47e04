import { describe, expect, it } from "vitest";
import { parseStatsReport } from "./stats-report.ts";

describe("parseStatsReport", () => {
  it("keeps the entries and fields the panel reads, with their types checked", () => {
    const report = new Map<string, unknown>([
      [
        "T01",
        { id: "T01", type: "transport", selectedCandidatePairId: "CP1", dtlsState: "connected" },
      ],
      [
        "CP1",
        {
          id: "CP1",
          type: "candidate-pair",
          nominated: true,
          state: "succeeded",
          currentRoundTripTime: "0.004",
        },
      ],
      [
        "IV",
        {
          id: "IV",
          type: "inbound-rtp",
          timestamp: 5,
          mediaType: "video",
          bytesReceived: 10,
          jitter: null,
        },
      ],
      [
        "IA",
        { id: "IA", type: "inbound-rtp", timestamp: 5, kind: "audio", packetsLost: Number.NaN },
      ],
      ["OUT", { id: "OUT", type: "outbound-rtp", timestamp: 5, bytesSent: 4 }],
      ["NOTS", { id: "NOTS", type: "inbound-rtp", kind: "video" }],
      ["NOID", { type: "codec", mimeType: "video/VP8" }],
      ["junk", 42],
    ]);

    const entries = parseStatsReport(report);

    expect(entries).toEqual([
      { type: "transport", id: "T01", selectedCandidatePairId: "CP1" },
      expect.objectContaining({
        type: "candidate-pair",
        id: "CP1",
        nominated: true,
        state: "succeeded",
        currentRoundTripTime: undefined,
      }),
      expect.objectContaining({
        type: "inbound-rtp",
        id: "IV",
        kind: "video",
        bytesReceived: 10,
        jitter: undefined,
      }),
      expect.objectContaining({
        type: "inbound-rtp",
        id: "IA",
        kind: "audio",
        packetsLost: undefined,
      }),
    ]);
    expect(entries[0]).not.toHaveProperty("dtlsState");
  });
});
