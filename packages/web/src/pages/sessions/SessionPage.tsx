import { useCallback, useMemo, useRef, useState } from "react";
import {
  deviceStateSchema,
  streamQualityAppliedSchema,
  type ResourceName,
  type StreamQualityApplied,
} from "@anbox-dashboard/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { joinSession, reportStillWatching, reportStreamLeft } from "../../api/sessions.ts";
import { useStreamView } from "../../components/stream-player/use-stream-view.ts";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { StreamPlayer } from "../../components/stream-player/StreamPlayer.tsx";
import { notStreamableReason } from "../../components/stream-player/session-status.ts";
import { toStreamConnection } from "../../components/stream-player/join-to-connection.ts";
import { InputLatencyProbe } from "../../components/stream-player/input-latency.ts";
import { ShareLinksModal } from "./share/ShareLinksModal.tsx";
import { useMay } from "../../permissions/use-may.ts";
import { StreamStatsPanel } from "./stats/StreamStatsPanel.tsx";
import { DevToolsPanel } from "./devtools/DevToolsPanel.tsx";
import { DeviceControlsPanel } from "./device/DeviceControlsPanel.tsx";
import { useFilePush } from "./device/use-file-push.ts";
import { storeDeviceState } from "../../queries/device.ts";
import { downloadBugReport } from "../../components/bug-report/collect-bug-report.ts";
import { useStreamEvents } from "./use-stream-events.ts";
import { useToast } from "../../context/notifications/use-toast.ts";
import type { StatsHistory } from "./stats/stats-history.ts";
import type { PanelAction } from "../../components/stream-player/shortcuts.ts";
import type { SendControl } from "../../components/stream-player/use-stream-session.ts";
import { useSession } from "../../queries/sessions.ts";
import "./_session-page.scss";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

/**
 * `/sessions/{sessionId}` (optionally `?clusterId=`): the stream of a signed-in user's instance,
 * with the player's controls, share links, and the statistics or the developer tools beside it.
 */
export default function SessionPage() {
  const { sessionId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const clusterParam = searchParams.get("clusterId") ?? "";
  const session = useSession(sessionId, clusterParam);
  const [peer, setPeer] = useState<RTCPeerConnection>();
  // One panel beside the stream at a time (on a phone, a drawer over its lower part).
  const [panel, setPanel] = useState<PanelAction>();
  const [sharing, setSharing] = useState(false);
  // One for the page: the player feeds it, the statistics read it.
  const [latencyProbe] = useState(() => new InputLatencyProbe());
  const clusterId = session.data?.clusterId;
  const { may } = useMay();
  // The view its join began: kept while it plays, left once (useStreamView).
  const reports = useMemo(
    () =>
      clusterId === undefined
        ? undefined
        : {
            stillWatching: (viewId: string) => reportStillWatching(sessionId, clusterId, viewId),
            left: (viewId: string | undefined, how: "beacon" | "request") => {
              reportStreamLeft(sessionId, clusterId, viewId, how);
            },
          },
    [sessionId, clusterId],
  );
  const view = useStreamView(reports);
  // What happened to the stream, and its statistics' history, for a bug report.
  const streamEvents = useStreamEvents(peer);
  const statsHistory = useRef<StatsHistory>([]);
  const connect = useCallback(async () => {
    streamEvents.note("join asked");
    const joined = await joinSession(sessionId, clusterId);
    streamEvents.note("joined");
    view.began(joined.view_id);
    return toStreamConnection(joined);
  }, [sessionId, clusterId, view, streamEvents]);
  const onPeer = useCallback(
    (connected: RTCPeerConnection | undefined) => {
      setPeer(connected);
      // The player lost the stream (ended, taken over): its view is left.
      if (connected === undefined) view.ended();
    },
    [view],
  );
  // Each panel's button opens it, or closes it when it is the one open.
  const panels = useMemo(() => {
    const toggle = (name: PanelAction) => () => {
      setPanel((open) => (open === name ? undefined : name));
    };
    return {
      statistics: toggle("statistics"),
      ...(session.data?.container_id
        ? { devtools: toggle("devtools"), "device-controls": toggle("device-controls") }
        : {}),
    };
  }, [session.data?.container_id]);
  // The stream's control channel while it plays, for the device controls that use it.
  const [streamControl, setStreamControl] = useState<SendControl>();
  const [controlling, setControlling] = useState(true);
  const onControl = useCallback((send: SendControl | undefined, inControl: boolean) => {
    setStreamControl(() => send);
    setControlling(inControl);
  }, []);
  // The device says what it was given (device::state): the controls panel shows it.
  const queryClient = useQueryClient();
  const instanceId = session.data?.container_id;
  // This viewer's stream quality, as the device says it applied it (stream::quality).
  const [quality, setQuality] = useState<StreamQualityApplied>();
  const onDeviceMessage = useCallback(
    (type: string, data: unknown) => {
      if (type === "stream::quality") {
        const applied = streamQualityAppliedSchema.safeParse(data);
        if (applied.success) setQuality(applied.data);
      }
      if (type !== "device::state" || clusterId === undefined || !instanceId) return;
      const state = deviceStateSchema.safeParse(data);
      if (state.success) storeDeviceState(queryClient, clusterId, instanceId, state.data);
    },
    [queryClient, clusterId, instanceId],
  );
  // Files dropped on the stream or picked in the panel: the panel shows their progress.
  const filePush = useFilePush(clusterId, instanceId);
  const instanceResource: ResourceName | undefined =
    instanceId && clusterId ? `instance:${clusterId}/${instanceId}` : undefined;
  const filesRefused =
    instanceResource === undefined ? undefined : may("can_exec", instanceResource);
  const { push: pushFiles } = filePush;
  const onDropFiles = useCallback(
    (files: File[]) => {
      pushFiles(files);
      setPanel("device-controls");
    },
    [pushFiles],
  );
  const closePanel = useCallback(() => {
    setPanel(undefined);
  }, []);
  const openSharing = useCallback(() => {
    setSharing(true);
  }, []);

  const notify = useToast();
  const reportBug = async (instanceId: string, instanceName: string | undefined) => {
    if (clusterId === undefined) return;
    try {
      await downloadBugReport(
        queryClient,
        { clusterId, instanceId, instanceName: instanceName ?? instanceId },
        {
          sessionId,
          statistics: statsHistory.current,
          peer,
          events: streamEvents.events.current,
        },
      );
    } catch (error) {
      notify.failure("The bug report could not be made", error);
    }
  };

  const title = session.data?.instance_name
    ? `Stream of ${session.data.instance_name}`
    : `Session ${sessionId}`;
  // Why no stream plays here: the session's state, or what the user may not do (join it, or
  // anything beyond reading while viewing the dashboard as someone), not a join bound to fail.
  const reason = session.data
    ? (notStreamableReason(session.data.status) ??
      (instanceResource === undefined ? undefined : may("can_stream", instanceResource)))
    : undefined;

  return (
    <PageLayout
      title={title}
      controls={
        session.data?.container_id && clusterId ? (
          <Link
            className="p-button session-page__details"
            to={`/instances/${encodeURIComponent(clusterId)}/${encodeURIComponent(session.data.container_id)}`}
          >
            Instance details
          </Link>
        ) : undefined
      }
    >
      {session.isPending && <PageLoader />}
      {session.isError && <ErrorNotice title="Cannot open this session" error={session.error} />}
      {reason !== undefined && (
        <EmptyState title="The stream is not available">
          <p>{reason}</p>
        </EmptyState>
      )}
      {session.data && reason === undefined && clusterId && (
        <div className="session-page">
          <div className="session-page__player" data-tour="stream-is-ready">
            <StreamPlayer
              connect={connect}
              screen={session.data.screen ?? { width: 720, height: 1280 }}
              onPeer={onPeer}
              panels={panels}
              onDeviceMessage={onDeviceMessage}
              onControl={onControl}
              onDropFiles={
                session.data.container_id && filesRefused === undefined ? onDropFiles : undefined
              }
              onBugReport={
                session.data.container_id
                  ? () => {
                      void reportBug(session.data.container_id, session.data.instance_name);
                    }
                  : undefined
              }
              onShare={openSharing}
              shareRefused={
                instanceResource === undefined ? undefined : may("can_share", instanceResource)
              }
              latencyProbe={latencyProbe}
              timeInput={panel === "statistics"}
            />
          </div>
          <StreamStatsPanel
            peer={peer}
            open={panel === "statistics"}
            onClose={closePanel}
            latency={latencyProbe}
            historyRef={statsHistory}
          />
          {panel === "devtools" && session.data.container_id && (
            <DevToolsPanel
              clusterId={clusterId}
              instanceId={session.data.container_id}
              onClose={closePanel}
            />
          )}
          {panel === "device-controls" && session.data.container_id && (
            <DeviceControlsPanel
              clusterId={clusterId}
              instanceId={session.data.container_id}
              stream={controlling ? streamControl : undefined}
              qualityStream={streamControl}
              files={filePush}
              filesRefused={filesRefused}
              quality={quality}
              onClose={closePanel}
            />
          )}
          {sharing && (
            <ShareLinksModal
              sessionId={sessionId}
              clusterId={clusterId}
              onClose={() => {
                setSharing(false);
              }}
            />
          )}
        </div>
      )}
    </PageLayout>
  );
}
