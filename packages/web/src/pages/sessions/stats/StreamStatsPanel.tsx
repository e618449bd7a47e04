import { useEffect, type RefObject } from "react";
import { StreamPanel } from "../../../components/stream-panel/StreamPanel.tsx";
import type { StatsHistory } from "./stats-history.ts";
import { chartedMetrics } from "./stats-metrics.ts";
import type { ChartedMetric } from "./stats-metrics.ts";
import { statsCsv } from "./stats-csv.ts";
import { statsSections } from "./stats-rows.ts";
import type { StatsView } from "./stats-view.ts";
import { saveTextFile } from "../../../util/save-text-file.ts";
import { statsCsvFileName } from "./stats-csv-file-name.ts";
import { StatsChart } from "./StatsChart.tsx";
import { StatsSection } from "./StatsSection.tsx";
import { type InputLatencySource, type StatsPeer, useStreamStats } from "./use-stream-stats.ts";
import "./_stream-stats-panel.scss";

interface Props {
  /** The stream's connection (an `RTCPeerConnection`); none while it is being set up. */
  peer: StatsPeer | undefined;
  /**
   * Shown, or only collecting: a page keeps the panel mounted while the stream plays, so that
   * opening it shows the history from the start, not from the moment it was opened.
   */
  open?: boolean;
  onClose: () => void;
  /** The input-to-screen times the player measures. */
  latency?: InputLatencySource;
  /** Kept up to date with the history collected, for the page's bug report. */
  historyRef?: RefObject<StatsHistory>;
}

function Charts({ view, metrics }: { view: StatsView; metrics: readonly ChartedMetric[] }) {
  return (
    <div className="stream-stats__charts">
      {metrics.map((metric) => (
        <StatsChart
          key={metric}
          title={chartedMetrics[metric].title}
          unit={chartedMetrics[metric].unit}
          data={view.charts[metric]}
        />
      ))}
    </div>
  );
}

const videoCharts: readonly ChartedMetric[] = [
  "videoBandwidth",
  "videoFps",
  "videoDecodeTime",
  "videoJitter",
  "videoJitterBufferDelay",
  "videoPacketsLost",
];

/**
 * The statistics of a live stream beside its player (SPEC section 2), sampled every second, in a
 * StreamPanel (focus held while open, Escape closes it).
 */
export function StreamStatsPanel({ peer, open = true, onClose, latency, historyRef }: Props) {
  const view = useStreamStats(peer, latency);
  useEffect(() => {
    if (historyRef) historyRef.current = view.history;
  }, [historyRef, view.history]);
  const sections = statsSections(view);
  const empty = view.history.length === 0;
  return (
    <StreamPanel
      title="Statistics"
      className="stream-stats"
      open={open}
      onClose={onClose}
      actions={
        <button
          type="button"
          className="p-button is-dense"
          disabled={empty}
          title={empty ? "No statistics collected yet" : undefined}
          onClick={() => {
            saveTextFile(statsCsv(view.history), statsCsvFileName(Date.now()), "text/csv");
          }}
        >
          Download CSV
        </button>
      }
    >
      {peer === undefined && (
        <p className="stream-stats__note">Statistics show once the stream is connected.</p>
      )}
      <StatsSection title="Network" rows={sections.network}>
        <Charts view={view} metrics={["rtt"]} />
      </StatsSection>
      {latency && (
        <StatsSection title="Input to screen" rows={sections.inputToScreen}>
          <p className="stream-stats__note">
            From a touch, click or key sent to the frame that shows it: read from a marker the
            device draws in the corner of its frames while these statistics are open. Touch or type
            on the stream to measure.
          </p>
          <Charts view={view} metrics={["inputToScreen"]} />
        </StatsSection>
      )}
      <StatsSection title="Video" rows={sections.video}>
        <Charts view={view} metrics={videoCharts} />
      </StatsSection>
      <StatsSection title="Audio" rows={sections.audio} />
      <StatsSection title="RTC config" rows={sections.rtcConfig} />
    </StreamPanel>
  );
}
