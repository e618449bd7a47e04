import { useCallback, useEffect, useRef } from "react";
import type { StreamEvent } from "@anbox-dashboard/contract";

/** The most events kept: a stream that reconnects all day keeps its latest. */
const maxEvents = 500;

/**
 * What happened to the page's stream, for its bug report: what the page notes (joins) and the
 * connection's own changes (ICE and connection states), each with when.
 */
export function useStreamEvents(peer: RTCPeerConnection | undefined) {
  const events = useRef<StreamEvent[]>([]);
  const note = useCallback((event: string) => {
    events.current.push({ at: new Date().toISOString(), event });
    if (events.current.length > maxEvents) events.current.shift();
  }, []);
  useEffect(() => {
    if (peer === undefined) return;
    note("the stream plays");
    const onIce = () => {
      note(`ICE ${peer.iceConnectionState}`);
    };
    const onConnection = () => {
      note(`connection ${peer.connectionState}`);
    };
    peer.addEventListener("iceconnectionstatechange", onIce);
    peer.addEventListener("connectionstatechange", onConnection);
    return () => {
      peer.removeEventListener("iceconnectionstatechange", onIce);
      peer.removeEventListener("connectionstatechange", onConnection);
      note("the stream stopped");
    };
  }, [peer, note]);
  return { events, note };
}
