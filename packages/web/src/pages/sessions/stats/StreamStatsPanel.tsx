import { useRef } from "react";
import { useOverlayFocus } from "../../../components/overlays/use-overlay-focus.ts";
import { Button, Icon } from "../../../vendor/react-components.ts";
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
 * The statistics of a live stream beside its player (SPEC section 2), sampled every second. Once
 * open it holds the focus (Tab stays inside) until closed, by its button or Escape, and then gives
 * it back to the button that opened it.
 */
export function StreamStatsPanel({ peer, open = true, onClose, latency }: Props) {
  const view = useStreamStats(peer, latency);
  const ref = useRef<HTMLElement>(null);
  useOverlayFocus(ref, { active: open, onClose });
  if (!open) return null;
  const sections = statsSections(view);
  const empty = view.history.length === 0;
  return (
    <aside className="stream-stats" aria-label="Statistics" ref={ref}>
      <header className="stream-stats__header">
        <h2 className="stream-stats__title p-heading--4">Statistics</h2>
        <div className="stream-stats__actions">
          <button
            type="button"
            className="p-button is-dense"
            disabled={empty}
            title={empty ? "No statistics collected yet" : undefined}
            onClick={() => {
              const now = Date.now();
              saveTextFile(statsCsv(view.history), statsCsvFileName(now), "text/csv");
            }}
          >
            Download CSV
          </button>
          <Button type="button" appearance="base" dense hasIcon onClick={onClose}>
            <Icon name="close">Close</Icon>
          </Button>
        </div>
      </header>
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
    </aside>
  );
}
