import { describe, expect, it } from "vitest";
import { statsCsv, statsCsvColumns } from "./stats-csv.ts";
import { sampleAt } from "./stats-fixtures.test-support.ts";
import { statsCsvFileName } from "./stats-csv-file-name.ts";

const header =
  "date,network-currentrtt,video-bandwidth,video-totalreceived,video-fps,video-decodetime," +
  "video-jitter,video-averagejitterbufferdelay,video-packetsreceived,video-packetslost," +
  "audio-bandwidth,audio-totalreceived,audio-totalsamplesreceived,audio-jitter," +
  "audio-averagejitterbufferdelay,audio-packetsreceived,audio-packetslost";

describe("statsCsv", () => {
  it("has the reference's columns, in its order", () => {
    expect(statsCsvColumns.join(",")).toBe(header);
    expect(statsCsv([])).toBe(`${header}\n`);
  });

  it("writes a line per sample, ISO dates, empty cells for missing values", () => {
    const csv = statsCsv([
      sampleAt(Date.UTC(2025, 0, 2, 3, 4, 5, 6), {
        network: { currentRtt: 4.5 },
        video: {
          bandwidthMbit: 1.52,
          totalBytesReceived: 12.5,
          fps: 30,
          decodeTime: 1.3,
          jitter: 2,
          avgJitterBufferDelay: 15.25,
          packetsReceived: 900,
          packetsLost: 0,
        },
      }),
      sampleAt(Date.UTC(2025, 0, 2, 3, 4, 6, 6), {
        audio: {
          bandwidthMbit: 0.032,
          totalBytesReceived: 0.044,
          totalSamplesReceived: 480000,
          jitter: 2,
          avgJitterBufferDelay: 0.05,
          packetsReceived: 500,
          packetsLost: 2,
        },
      }),
    ]);

    expect(csv.split("\n")).toEqual([
      header,
      "2025-01-02T03:04:05.006Z,4.5,1.52,12.5,30,1.3,2,15.25,900,0,,,,,,,",
      "2025-01-02T03:04:06.006Z,,,,,,,,,,0.032,0.044,480000,2,0.05,500,2",
      "",
    ]);
  });
});

describe("statsCsvFileName", () => {
  it("names the file after the time, without characters file systems refuse", () => {
    expect(statsCsvFileName(Date.UTC(2025, 0, 2, 3, 4, 5, 6))).toBe(
      "stream-statistics-2025-01-02T03-04-05Z.csv",
    );
  });
});
