import type { WebSocket } from "ws";
import type { StreamScreenSpec } from "./screen-spec.ts";
import { StreamSession } from "./stream-session.ts";
import type { ViewerRequest } from "./control-channel.ts";
import type { StreamViewersMessage } from "@anbox-dashboard/contract";

export type { StreamScreenSpec };

export interface StreamHandle {
  /**
   * Ends this client's stream, telling it why first over the control channel (`message`, or the
   * reason's own words).
   */
  close(reason: "taken-over" | "session-ended", message?: string): Promise<void>;
  /** When the client last sent input (or connected): how long the stream has been idle. */
  lastInputAt(): number;
  /** Who watches the stream now, and whether this viewer is in control (its input counts). */
  setViewers(viewers: StreamViewersMessage, controls: boolean): void;
  /** Settles once the peer, the encoder and the socket are all gone. */
  readonly closed: Promise<void>;
}

/** werift gathers no loopback candidate unless told to; a viewer on the same machine needs one. */
const defaultIceAddresses = ["127.0.0.1"];

/**
 * Streams a virtual device's screen to the client on `socket` (an open server-side websocket of a
 * client that joined): signaling per the streaming SDK's protocol (API v2, the device offers),
 * then H.264 or VP8 over WebRTC, with input on the client's `control` data channel.
 */
export function serveSignaling(
  socket: WebSocket,
  screen: StreamScreenSpec,
  options?: {
    iceAddresses?: string[];
    stunServers?: { urls: string[] }[];
    /** The client joined through a share link: it is not told the device's state. */
    throughShare?: boolean;
    /** In control as it joins (true when not said: a gateway's one client controls). */
    controls?: boolean;
    /** A viewer's request about control, for the gateway to decide. */
    onViewerRequest?: (request: ViewerRequest) => void;
  },
): StreamHandle {
  const session = new StreamSession(socket, screen, {
    iceAddresses: options?.iceAddresses ?? defaultIceAddresses,
    stunServers: options?.stunServers ?? [],
    throughShare: options?.throughShare ?? false,
    controls: options?.controls ?? true,
    onViewerRequest: options?.onViewerRequest ?? (() => undefined),
  });
  return {
    close: (reason, message) => session.close(reason, message),
    lastInputAt: () => session.lastInputAt,
    setViewers: (viewers, controls) => {
      session.control.setViewers(viewers, controls);
    },
    closed: session.closed,
  };
}
