import type { ViewerRole } from "@anbox-dashboard/contract";

/** Where and how to reach the signaling server of a session, as the dashboard server answers a join. */
export interface StreamConnection {
  /** Absolute `ws(s)://` URL, or a path on this origin. */
  signalingUrl: string;
  iceServers: RTCIceServer[];
  /**
   * The viewer the join made and its role as it joined (a gateway with several viewers of a
   * stream); undefined from one with a single client, who always controls.
   */
  viewer?: { id: string; role: ViewerRole; watchOnly: boolean } | undefined;
}
