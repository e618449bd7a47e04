import {
  streamViewersMax,
  type GatewayJoinResponse,
  type JoinRole,
} from "@anbox-dashboard/contract";
import { newViewer } from "./join-tokens.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { GatewayServices } from "./gateway-services.ts";
import { deviceScreenFor } from "../streaming/screen-registry.ts";
import { iceServersOf } from "./ice-servers.ts";
import { applyJoinScreen, type RequestedScreen } from "./join-screen.ts";
import { sessionScreen, type SessionWithInstance } from "./session-view.ts";

/**
 * The signaling websocket of a session with a join token. A path when the gateway is reached over
 * its Unix socket alone (the dashboard puts its own relay in front of it); an absolute `wss://`
 * URL when it also listens over TLS (`origin`), which the SDK's own connector hands to
 * `new WebSocket` as it is. The dashboard relays either.
 */
export function signalingUrl(sessionId: string, joinToken: string, origin?: string): string {
  const path = `/1.0/session/${sessionId}/sockets/master?token=${joinToken}`;
  return origin === undefined ? path : `${origin.replace(/^https:/, "wss:")}${path}`;
}

/**
 * Lets a client join a session (reference 3.2 join): a single-use token for its signaling socket.
 * Only an active session (its instance running) can be joined; a session that is not joinable
 * takes no client after its first. A join that does not say its `role` disconnects the session's
 * client in control (reference 3.2); one that does (extension `session_viewers`) joins beside the
 * viewers already there, up to `streamViewersMax` (409 past it). A watch-only share's viewer only
 * watches, whatever it asks.
 */
export function joinSession(
  services: GatewayServices,
  session: SessionWithInstance,
  options: {
    shareId?: string;
    watchOnly?: boolean;
    screen?: RequestedScreen;
    role?: JoinRole | undefined;
  } = {},
): GatewayJoinResponse {
  if (session.status !== "active") {
    throw new HttpError(409, notJoinableNow(session));
  }
  const screen = sessionScreen(session);
  const orientation = applyJoinScreen(screen, options.screen);
  if (session.joinable !== 1 && session.has_had_client === 1) {
    throw new HttpError(
      409,
      `Session ${session.id} is not joinable: its client has connected already`,
    );
  }
  const watchOnly = options.watchOnly ?? false;
  const wants = options.role ?? "control";
  if (!services.streams.hasRoomFor(session.id, wants, watchOnly)) {
    throw new HttpError(
      409,
      `Session ${session.id} has ${String(streamViewersMax)} viewers, the most a stream takes: one must leave first`,
    );
  }
  const role = services.streams.roleFor(session.id, wants, watchOnly);
  // Asked for the screen held the other way round: the device turns, as a phone does (once
  // the join is let in, and only for the viewer who will control it).
  if (orientation !== undefined && role === "controller" && session.live_instance_id !== null) {
    deviceScreenFor(session.live_instance_id).apply(
      { kind: "rotate", orientation },
      screen,
      Date.now(),
    );
  }
  const viewer = newViewer({ shareId: options.shareId, wants, watchOnly });
  const token = services.joinTokens.issue(session.id, viewer);
  // Without a role, the client in control is disconnected now (reference 3.2 join); the new one
  // need not wait for it.
  if (options.role === undefined) void services.streams.disconnect(session.id);
  return {
    url: signalingUrl(session.id, token, services.publicOrigin),
    stun_servers: iceServersOf(services.context.options),
    viewer_id: viewer.viewerId,
    role,
  };
}

function notJoinableNow(session: SessionWithInstance): string {
  const subject = `Session ${session.id} is ${session.status}`;
  switch (session.status) {
    case "created":
      return `${subject}: it can be joined once its instance is running`;
    case "error":
      return `${subject} (${session.status_message || "its instance failed"}): it cannot be joined`;
    default:
      return `${subject}: it has ended and cannot be joined`;
  }
}
