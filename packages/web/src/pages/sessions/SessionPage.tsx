import { useCallback, useEffect, useRef, useState } from "react";
import type { ResourceName } from "@anbox-dashboard/contract";
import { Link, useParams, useSearchParams } from "react-router";
import { joinSession, reportStillWatching, reportStreamLeft } from "../../api/sessions.ts";
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
import { useSession } from "../../queries/sessions.ts";
import "./_session-page.scss";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

/**
 * `/sessions/{sessionId}` (optionally `?clusterId=`): the stream of a signed-in user's instance,
 * with the player's controls, share links, and the statistics or the developer tools beside it.
 */
/** How often a playing stream page tells the server it still plays (a view counts in quotas). */
const stillWatchingEveryMs = 60_000;

export default function SessionPage() {
  const { sessionId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const clusterParam = searchParams.get("clusterId") ?? "";
  const session = useSession(sessionId, clusterParam);
  const [peer, setPeer] = useState<RTCPeerConnection>();
  // One panel beside the stream at a time (on a phone, a drawer over its lower part).
  const [panel, setPanel] = useState<"statistics" | "devtools">();
  const [sharing, setSharing] = useState(false);
  // One for the page: the player feeds it, the statistics read it.
  const [latencyProbe] = useState(() => new InputLatencyProbe());
  const clusterId = session.data?.clusterId;
  const { may } = useMay();
  // Once it joined, the page says when it leaves (closed, or another page opened), once.
  const joined = useRef(false);
  const connect = useCallback(async () => {
    const connection = toStreamConnection(await joinSession(sessionId, clusterId));
    joined.current = true;
    return connection;
  }, [sessionId, clusterId]);
  useEffect(() => {
    if (clusterId === undefined) return;
    const leave = (how: "beacon" | "request") => {
      if (!joined.current) return;
      joined.current = false;
      reportStreamLeft(sessionId, clusterId, how);
    };
    const tabClosing = () => {
      leave("beacon");
    };
    window.addEventListener("pagehide", tabClosing);
    // While it plays, it says so every minute (the server forgets a view after three).
    const stillWatching = window.setInterval(() => {
      if (joined.current) reportStillWatching(sessionId, clusterId).catch(() => undefined);
    }, stillWatchingEveryMs);
    return () => {
      window.removeEventListener("pagehide", tabClosing);
      window.clearInterval(stillWatching);
      leave("request");
    };
  }, [sessionId, clusterId]);
  const toggleStats = useCallback(() => {
    setPanel((open) => (open === "statistics" ? undefined : "statistics"));
  }, []);
  const toggleDevTools = useCallback(() => {
    setPanel((open) => (open === "devtools" ? undefined : "devtools"));
  }, []);
  const closePanel = useCallback(() => {
    setPanel(undefined);
  }, []);
  const openSharing = useCallback(() => {
    setSharing(true);
  }, []);

  const title = session.data?.instance_name
    ? `Stream of ${session.data.instance_name}`
    : `Session ${sessionId}`;
  // Why no stream plays here: the session's state, or what the user may not do (join it, or
  // anything beyond reading while viewing the dashboard as someone), not a join bound to fail.
  const instanceResource: ResourceName | undefined =
    session.data?.container_id && clusterId
      ? `instance:${clusterId}/${session.data.container_id}`
      : undefined;
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
              onPeer={setPeer}
              onToggleStats={toggleStats}
              onToggleDevTools={session.data.container_id ? toggleDevTools : undefined}
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
          />
          {panel === "devtools" && session.data.container_id && (
            <DevToolsPanel
              clusterId={clusterId}
              instanceId={session.data.container_id}
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
