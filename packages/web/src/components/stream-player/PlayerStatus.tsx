import type { StreamStatus } from "./use-stream-session.ts";

interface Props {
  status: StreamStatus;
  onReconnect: () => void;
}

const connectingText = "Connecting to the stream…";

/**
 * Over the video: a spinner while connecting, the reason and a Reconnect button once ended. The
 * status text stays in the page (off screen while playing) so that its changes are announced.
 */
export function PlayerStatus({ status, onReconnect }: Props) {
  const text =
    status.phase === "connecting"
      ? connectingText
      : status.phase === "ended"
        ? status.reason
        : "The stream is playing.";
  return (
    <div className={status.phase === "playing" ? "u-off-screen" : "stream-player__overlay"}>
      {status.phase === "connecting" && (
        <i className="p-icon--spinner u-animation--spin is-light" aria-hidden="true" />
      )}
      <p role="status" className="stream-player__status">
        {text}
      </p>
      {status.phase === "ended" && (
        <button type="button" className="p-button--positive" onClick={onReconnect}>
          Reconnect
        </button>
      )}
    </div>
  );
}
