import type { SessionJoinResponse } from "../../api/sessions.ts";
import type { StreamConnection } from "./stream-connection.ts";

/** What the player needs to connect, from a join's answer (the gateway's STUN servers as ICE servers). */
export function toStreamConnection(join: SessionJoinResponse): StreamConnection {
  return {
    signalingUrl: join.signaling_url,
    iceServers: join.stun_servers.map((server) => ({
      urls: server.urls,
      ...(server.username === undefined ? {} : { username: server.username }),
      ...(server.password === undefined ? {} : { credential: server.password }),
    })),
    viewer:
      join.viewer_id === undefined || join.role === undefined
        ? undefined
        : { id: join.viewer_id, role: join.role, watchOnly: join.watch_only ?? false },
  };
}
