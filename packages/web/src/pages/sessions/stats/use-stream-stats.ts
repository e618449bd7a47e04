import { useEffect, useState } from "react";
import { type PreviousCounters, computeStatsSample } from "./compute-stats-sample.ts";
import { statsIntervalMs } from "./stats-constants.ts";
import { type StatsHistory, appendToHistory } from "./stats-history.ts";
import { parseStatsReport } from "./stats-report.ts";
import { type StatsView, buildStatsView, emptyStatsView } from "./stats-view.ts";
import type { InputToScreenStats } from "./stream-stats-sample.ts";

/** What the panel needs of the peer connection (an `RTCPeerConnection` has it). */
export type StatsPeer = Pick<RTCPeerConnection, "getStats" | "getConfiguration">;

/** Where the input-to-screen times come from (the player's `InputLatencyProbe`). */
export interface InputLatencySource {
  /** Over the last ten seconds, `now` in performance.now() time; undefined with none measured. */
  summary(now: number): InputToScreenStats | undefined;
}

/**
 * Samples the peer's statistics now and then every second, keeping 5 minutes of history, and gives
 * the view of the latest: one state change, so one render, per sample. A new peer starts a new
 * history; no peer, no sampling.
 */
export function useStreamStats(
  peer: StatsPeer | undefined,
  latency?: InputLatencySource,
): StatsView {
  const [state, setState] = useState<{ peer: StatsPeer | undefined; view: StatsView }>({
    peer,
    view: emptyStatsView,
  });

  useEffect(() => {
    if (peer === undefined) return;
    let stopped = false;
    let busy = false;
    let counters: PreviousCounters = {};
    let history: StatsHistory = [];

    const collect = async () => {
      // A browser slower than the interval must not pile up requests: skip the tick instead.
      if (busy) return;
      busy = true;
      try {
        const report = await peer.getStats();
        if (stopped) return;
        const computed = computeStatsSample(
          parseStatsReport(report),
          counters,
          peer.getConfiguration(),
          Date.now(),
        );
        counters = computed.counters;
        const inputToScreen = latency?.summary(performance.now());
        const sample = inputToScreen ? { ...computed.sample, inputToScreen } : computed.sample;
        history = appendToHistory(history, sample);
        setState({ peer, view: buildStatsView(history) });
      } catch {
        // A closing connection may refuse its statistics: the next tick tries again, and the panel
        // keeps showing the last sample meanwhile.
      } finally {
        busy = false;
      }
    };

    void collect();
    const timer = setInterval(() => void collect(), statsIntervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [peer, latency]);

  // The view belongs to the peer it was sampled from: another peer shows nothing until sampled.
  return state.peer === peer ? state.view : emptyStatsView;
}
