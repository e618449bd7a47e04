import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { StreamSignalingClient } from "./signaling-client.ts";
import type { StreamConnection } from "./stream-connection.ts";

export type SendControl = (type: string, data?: object) => boolean;

export type StreamStatus =
  { phase: "connecting" } | { phase: "playing" } | { phase: "ended"; reason: string };

export interface StreamSession {
  status: StreamStatus;
  /** The device's video, once its track has arrived. */
  stream: MediaStream | undefined;
  /** The device's sound, once its track has arrived. */
  audio: MediaStream | undefined;
  /** Sends a control message to the device; false when the control channel is not open. */
  sendControl: (type: string, data?: object) => boolean;
  /** Closes the current stream, if any, and joins again. */
  reconnect: () => void;
}

/**
 * One stream at a time: joins (`connect`) on mount and on `reconnect`, runs the signaling client,
 * and closes everything on unmount or before the next join, telling `onPeer` what is live.
 */
export function useStreamSession(
  connect: () => Promise<StreamConnection>,
  onPeer: ((peer: RTCPeerConnection | undefined) => void) | undefined,
  /** The control channel opened: what the device must know from the start is sent with `send`. */
  onControlOpen?: (send: SendControl) => void,
  /** A control message from the device that the client does not handle itself. */
  onDeviceMessage?: (type: string, data: unknown) => void,
): StreamSession {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<StreamStatus>({ phase: "connecting" });
  const [stream, setStream] = useState<MediaStream>();
  const [audio, setAudio] = useState<MediaStream>();
  const clientRef = useRef<StreamSignalingClient>(undefined);
  // The page may pass new functions on every render; only the latest matters.
  const join = useEffectEvent(() => connect());
  const reportPeer = useEffectEvent((peer: RTCPeerConnection | undefined) => {
    onPeer?.(peer);
  });
  const controlOpened = useEffectEvent((send: SendControl) => {
    onControlOpen?.(send);
  });
  const deviceMessage = useEffectEvent((type: string, data: unknown) => {
    onDeviceMessage?.(type, data);
  });

  useEffect(() => {
    let active = true;
    let client: StreamSignalingClient | undefined;
    let peerReported = false;
    const withdrawPeer = () => {
      if (!peerReported) return;
      peerReported = false;
      reportPeer(undefined);
    };
    const end = (reason: string) => {
      if (!active) return;
      clientRef.current = undefined;
      withdrawPeer();
      setStatus({ phase: "ended", reason });
    };

    join().then(
      (connection) => {
        if (!active) return;
        client = new StreamSignalingClient(connection, {
          onStream: (newStream) => {
            if (active) setStream(newStream);
          },
          onAudio: (newAudio) => {
            if (active) setAudio(newAudio);
          },
          onConnected: (peer) => {
            if (!active) return;
            peerReported = true;
            reportPeer(peer);
            setStatus({ phase: "playing" });
          },
          onEnded: end,
          onControlMessage: (message) => {
            if (active) deviceMessage(message.type, message.data);
          },
          onControlOpen: () => {
            if (active && client) {
              const opened = client;
              controlOpened((type, data) => opened.sendControl(type, data));
            }
          },
        });
        clientRef.current = client;
        client.start();
      },
      (error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        end(`Could not join the session: ${detail}`);
      },
    );

    return () => {
      active = false;
      client?.close();
      if (clientRef.current === client) clientRef.current = undefined;
      withdrawPeer();
    };
  }, [attempt]);

  const sendControl = useCallback(
    (type: string, data: object = {}) => clientRef.current?.sendControl(type, data) ?? false,
    [],
  );

  const reconnect = useCallback(() => {
    setStatus({ phase: "connecting" });
    setStream(undefined);
    setAudio(undefined);
    setAttempt((previous) => previous + 1);
  }, []);

  return { status, stream, audio, sendControl, reconnect };
}
