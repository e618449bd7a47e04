import { useCallback, useMemo } from "react";
import { useParams } from "react-router";
import {
  joinPublicStream,
  reportPublicStillWatching,
  reportPublicStreamLeft,
} from "../../api/sessions.ts";
import { useStreamView } from "../../components/stream-player/use-stream-view.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PublicCard } from "../../components/PublicCard.tsx";
import { usePublicStream } from "../../queries/sessions.ts";
import { StreamPlayer } from "../../components/stream-player/StreamPlayer.tsx";
import { toStreamConnection } from "../../components/stream-player/join-to-connection.ts";

/**
 * `/stream/{token}`: a stream shared by link, for anyone holding it and signed in or not. No
 * navigation, no status bar: only the stream. An expired or revoked link says so.
 */
export default function StreamPage() {
  const { token = "" } = useParams();
  const stream = usePublicStream(token);
  // Its view counts against the quota of the link's maker: kept while it plays, left once.
  const reports = useMemo(
    () => ({
      stillWatching: (viewId: string) => reportPublicStillWatching(token, viewId),
      left: (viewId: string | undefined, how: "beacon" | "request") => {
        reportPublicStreamLeft(token, viewId, how);
      },
    }),
    [token],
  );
  const view = useStreamView(reports);
  const connect = useCallback(async () => {
    const joined = await joinPublicStream(token);
    view.began(joined.view_id);
    return toStreamConnection(joined);
  }, [token, view]);
  const onPeer = useCallback(
    (connected: RTCPeerConnection | undefined) => {
      if (connected === undefined) view.ended();
    },
    [view],
  );
  if (stream.isPending) return <PageLoader />;
  if (stream.isError) {
    return (
      <PublicCard>
        <h1 className="p-heading--3">This stream is not available</h1>
        <p role="alert">{stream.error.message}</p>
        <p>Ask the person who shared it for a new link.</p>
      </PublicCard>
    );
  }
  // The page's one landmark: everything a visitor sees is its main content.
  return (
    <main className="stream-page" id="main-content">
      <h1 className="u-off-screen">Stream of {stream.data.instance_name}</h1>
      <StreamPlayer connect={connect} screen={stream.data.screen} fullWindow onPeer={onPeer} />
    </main>
  );
}
