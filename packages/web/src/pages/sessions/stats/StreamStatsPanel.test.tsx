import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { StreamStatsPanel } from "./StreamStatsPanel.tsx";
import type { StatsPeer } from "./use-stream-stats.ts";
import { chromiumConfig } from "./stats-fixtures.test-support.ts";
import { readBlob } from "../../../test-support/read-blob.ts";

const start = Date.UTC(2025, 0, 2, 3, 4, 5);

/** What Chromium's `getStats()` gives a second into the stream (plain objects, as browsers do). */
function chromiumReport(second: number, { rtt = 0.0042, jitter = 0.004, lost = 0 } = {}) {
  const entries: Record<string, unknown>[] = [
    { id: "T01", type: "transport", timestamp: second * 1000, selectedCandidatePairId: "CP1" },
    {
      id: "CP1",
      type: "candidate-pair",
      timestamp: second * 1000,
      localCandidateId: "IL",
      remoteCandidateId: "IR",
      state: "succeeded",
      nominated: true,
      ...(rtt === 0 ? {} : { currentRoundTripTime: rtt }),
    },
    { id: "IL", type: "local-candidate", protocol: "udp", candidateType: "prflx" },
    { id: "IR", type: "remote-candidate", protocol: "udp", candidateType: "host" },
    { id: "C1", type: "codec", mimeType: "video/VP8" },
    {
      id: "IV",
      type: "inbound-rtp",
      kind: "video",
      timestamp: second * 1000,
      codecId: "C1",
      bytesReceived: second * 250_000,
      packetsReceived: second * 200,
      packetsLost: lost,
      framesPerSecond: 30,
      framesDecoded: second * 30,
      totalDecodeTime: second * 0.09,
      jitter,
      jitterBufferDelay: second * 0.3,
      jitterBufferEmittedCount: second * 30,
    },
    { id: "OV", type: "outbound-rtp", kind: "video", timestamp: second * 1000 },
  ];
  return new Map(entries.map((entry) => [String(entry.id), entry]));
}

type Report = ReturnType<typeof chromiumReport>;

/** A peer whose report for the n-th call (from 0) is `reportAt(n)`. */
function fakePeer(reportAt: (call: number) => Report) {
  let calls = 0;
  const getStats = vi.fn(() => Promise.resolve(reportAt(calls++)));
  const peer: StatsPeer = { getStats, getConfiguration: () => chromiumConfig };
  return { peer, getStats };
}

/** Lets the timers fire `seconds` times over, and the reports they asked for arrive. */
async function passSeconds(seconds: number) {
  await act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
}

function row(section: string, label: string): HTMLElement {
  const region = screen.getByRole("region", { name: section });
  const term = within(region).getByText(label, { selector: "dt" });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

beforeEach(() => {
  vi.useFakeTimers({ now: start });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("StreamStatsPanel", () => {
  it("shows the sections with the values of the latest report", async () => {
    const { peer } = fakePeer((call) => chromiumReport(call + 1));
    render(<StreamStatsPanel peer={peer} onClose={() => undefined} />);
    await passSeconds(0);

    expect(screen.getByRole("complementary", { name: "Statistics" })).toBeInTheDocument();
    expect(row("Network", "Current RTT")).toHaveTextContent("4.2 ms");
    expect(row("Network", "Transport type")).toHaveTextContent("udp");
    expect(row("Network", "Local candidate type")).toHaveTextContent("prflx");
    expect(row("Network", "Remote candidate type")).toHaveTextContent("host");
    expect(row("Video", "Codec")).toHaveTextContent("VP8");
    expect(row("Video", "FPS")).toHaveTextContent("30 fps");
    expect(row("Video", "Decode time")).toHaveTextContent("3.0 ms");
    expect(row("Video", "Average jitter buffer delay")).toHaveTextContent("10.0 ms");
    // One report: no bandwidth yet.
    expect(row("Video", "Bandwidth")).toHaveTextContent("—");
    expect(row("Audio", "Codec")).toHaveTextContent("—");
    expect(row("Audio", "Total samples received")).toHaveTextContent("—");
    expect(row("RTC config", "Bundle policy")).toHaveTextContent("balanced");

    await passSeconds(1);
    // 250,000 bytes a second.
    expect(row("Video", "Bandwidth")).toHaveTextContent("2.00 MBit/s");
    expect(row("Video", "Total received")).toHaveTextContent("0.5 MB");
  });

  it("collects while closed, so that opening it shows the history from the start", async () => {
    const { peer } = fakePeer((call) => chromiumReport(call + 1));
    const { rerender } = render(
      <StreamStatsPanel peer={peer} open={false} onClose={() => undefined} />,
    );
    await passSeconds(0);
    await passSeconds(1);
    await passSeconds(1);
    expect(screen.queryByRole("complementary", { name: "Statistics" })).toBeNull();

    rerender(<StreamStatsPanel peer={peer} open onClose={() => undefined} />);
    // Three samples were taken while closed: the bandwidth (a difference) is known at once.
    expect(row("Video", "Bandwidth")).toHaveTextContent("2.00 MBit/s");
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  });

  it("takes the focus when opened, closes with Escape and gives it back to its toggle", async () => {
    const { peer } = fakePeer((call) => chromiumReport(call + 1));
    function Player() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setOpen(!open);
            }}
          >
            Statistics
          </button>
          <StreamStatsPanel
            peer={peer}
            open={open}
            onClose={() => {
              setOpen(false);
            }}
          />
        </>
      );
    }
    render(<Player />);
    await passSeconds(0);
    const toggle = screen.getByRole("button", { name: "Statistics" });
    toggle.focus();
    fireEvent.click(toggle);
    const panel = screen.getByRole("complementary", { name: "Statistics" });
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    fireEvent.keyDown(document.activeElement ?? panel, { key: "Escape" });
    expect(screen.queryByRole("complementary", { name: "Statistics" })).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it("says when the browser gives no RTT", async () => {
    const { peer } = fakePeer((call) => chromiumReport(call + 1, { rtt: 0 }));
    render(<StreamStatsPanel peer={peer} onClose={() => undefined} />);
    await passSeconds(0);

    expect(row("Network", "Current RTT")).toHaveTextContent("Not implemented in your browser");
  });

  it("flags a jitter spike after 20 steady seconds, in words and colour", async () => {
    // Jitter alternates 4 and 6 ms (mean 5, deviation 1) for 20 reports, then jumps to 9 ms.
    const { peer } = fakePeer((call) =>
      chromiumReport(call + 1, { jitter: call < 20 ? (call % 2 === 0 ? 0.004 : 0.006) : 0.009 }),
    );
    render(<StreamStatsPanel peer={peer} onClose={() => undefined} />);
    await passSeconds(19);
    expect(row("Video", "Jitter")).toHaveTextContent(/^6\.0 ms$/);

    await passSeconds(1);
    const jitter = row("Video", "Jitter");
    expect(jitter).toHaveTextContent("9.0 msAbnormal");
    expect(within(jitter).getByText("Abnormal")).toHaveClass("p-status-label--negative");
    expect(row("Video", "Decode time")).not.toHaveTextContent("Abnormal");
  });

  it("flags packets lost that grew and an RTT above 100 ms", async () => {
    const { peer } = fakePeer((call) =>
      chromiumReport(call + 1, call === 0 ? {} : { rtt: 0.15, lost: 3 }),
    );
    render(<StreamStatsPanel peer={peer} onClose={() => undefined} />);
    await passSeconds(0);
    expect(screen.queryByText("Abnormal")).not.toBeInTheDocument();

    await passSeconds(1);
    expect(row("Network", "Current RTT")).toHaveTextContent("150.0 msAbnormal");
    expect(row("Video", "Packets lost")).toHaveTextContent("3Abnormal");

    // Still 3 lost: no longer growing.
    await passSeconds(1);
    expect(row("Video", "Packets lost")).toHaveTextContent(/^3$/);
  });

  it("downloads the history as CSV", async () => {
    const { peer } = fakePeer((call) => chromiumReport(call + 1));
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      if (blob instanceof Blob) blobs.push(blob);
      return "blob:stats";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    render(<StreamStatsPanel peer={peer} onClose={() => undefined} />);
    const download = screen.getByRole("button", { name: "Download CSV" });
    expect(download).toBeDisabled();

    await passSeconds(1);
    act(() => {
      download.click();
    });

    expect(saved).toEqual(["stream-statistics-2025-01-02T03-04-06Z.csv"]);
    expect(blobs[0]?.type).toBe("text/csv;charset=utf-8");
    vi.useRealTimers();
    const lines = (await readBlob(blobs[0])).split("\n");
    expect(lines[0]).toMatch(/^date,network-currentrtt,video-bandwidth,/);
    expect(lines.slice(1)).toEqual([
      "2025-01-02T03:04:05.000Z,4.2,,0.25,30,3,4,10,200,0,,,,,,,",
      "2025-01-02T03:04:06.000Z,4.2,2,0.5,30,3,4,10,400,0,,,,,,,",
      "",
    ]);
  });

  it("closes through its button and stops sampling once gone", async () => {
    const { peer, getStats } = fakePeer((call) => chromiumReport(call + 1));
    const onClose = vi.fn();
    const { unmount } = render(<StreamStatsPanel peer={peer} onClose={onClose} />);
    await passSeconds(2);
    expect(getStats).toHaveBeenCalledTimes(3);

    act(() => {
      screen.getByRole("button", { name: "Close" }).click();
    });
    expect(onClose).toHaveBeenCalledTimes(1);

    unmount();
    await vi.advanceTimersByTimeAsync(5000);
    expect(getStats).toHaveBeenCalledTimes(3);
  });

  it("waits for a connection", async () => {
    render(<StreamStatsPanel peer={undefined} onClose={() => undefined} />);
    await passSeconds(2);

    expect(screen.getByText("Statistics show once the stream is connected.")).toBeInTheDocument();
    expect(row("Network", "Current RTT")).toHaveTextContent("—");
  });
});
