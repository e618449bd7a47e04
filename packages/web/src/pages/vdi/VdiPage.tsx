import { useCallback } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { joinSession } from "../../api/sessions.ts";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { StreamPlayer } from "../../components/stream-player/StreamPlayer.tsx";
import { notStreamableReason } from "../../components/stream-player/session-status.ts";
import { toStreamConnection } from "../../components/stream-player/join-to-connection.ts";
import { useSession, useSessions } from "../../queries/sessions.ts";
import "./_vdi-page.scss";

/** `/vdi` and `/vdi/{sessionId}`: the virtual-desktop view, which fills the window. */
export default function VdiPage() {
  const { sessionId } = useParams();
  return sessionId === undefined ? <VdiDesktops /> : <VdiDesktop sessionId={sessionId} />;
}

/** The user's streamable instances as desktops to open. */
function VdiDesktops() {
  const sessions = useSessions();
  const live = sessions.data?.metadata.filter((session) => session.status !== "terminated") ?? [];
  return (
    <div className="vdi-page">
      <header className="vdi-page__header">
        <h1 className="p-heading--3">Virtual desktops</h1>
        {/* The view hides the navigation: this is the way back to the rest of the dashboard. */}
        <Link className="p-button" to="/">
          Back to the dashboard
        </Link>
      </header>
      {sessions.isPending && <PageLoader />}
      {sessions.isError && <p role="alert">{sessions.error.message}</p>}
      {sessions.data && live.length === 0 && (
        <EmptyState title="No desktops">
          <p>
            Create an instance with <strong>Enable streaming</strong> ticked: it shows here as a
            desktop once it runs.
          </p>
        </EmptyState>
      )}
      <ul className="vdi-page__desktops" aria-label="Desktops">
        {live.map((session) => {
          const reason = notStreamableReason(session.status);
          const name = session.instance_name ?? session.id;
          return (
            <li key={`${session.clusterId}/${session.id}`} className="p-card vdi-page__desktop">
              <h2 className="p-heading--5">{name}</h2>
              <p className="vdi-page__app">{session.app}</p>
              {reason === undefined ? (
                <Link
                  className="p-button--positive"
                  to={`/vdi/${encodeURIComponent(session.id)}?clusterId=${encodeURIComponent(session.clusterId)}`}
                >
                  {/* The card's heading shows the name; a screen reader's list of links needs it. */}
                  Open<span className="u-off-screen"> {name}</span>
                </Link>
              ) : (
                <p className="vdi-page__waiting">{reason}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One desktop: the stream alone, filling the window. */
function VdiDesktop({ sessionId }: { sessionId: string }) {
  const [searchParams] = useSearchParams();
  const clusterParam = searchParams.get("clusterId") ?? "";
  const session = useSession(sessionId, clusterParam);
  const clusterId = session.data?.clusterId;
  const connect = useCallback(
    async () => toStreamConnection(await joinSession(sessionId, clusterId)),
    [sessionId, clusterId],
  );
  if (session.isPending) return <PageLoader />;
  const reason = session.isError ? session.error.message : notStreamableReason(session.data.status);
  if (reason !== undefined) {
    return (
      <div className="vdi-page">
        <h1 className="p-heading--3">Virtual desktop</h1>
        <EmptyState title="The desktop is not available">
          <p role={session.isError ? "alert" : undefined}>{reason}</p>
          <Link to="/vdi">All desktops</Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="vdi-page vdi-page--desktop">
      <h1 className="u-off-screen">Desktop {session.data?.instance_name ?? sessionId}</h1>
      <StreamPlayer
        connect={connect}
        screen={session.data?.screen ?? { width: 720, height: 1280 }}
        fullWindow
      />
    </div>
  );
}
