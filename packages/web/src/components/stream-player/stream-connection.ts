/** Where and how to reach the signaling server of a session, as the dashboard server answers a join. */
export interface StreamConnection {
  /** Absolute `ws(s)://` URL, or a path on this origin. */
  signalingUrl: string;
  iceServers: RTCIceServer[];
}
