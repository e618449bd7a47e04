import type { SessionJoinResponse } from "../../api/sessions.ts";

/** What the player needs to connect, from a join's answer (the gateway's STUN servers as ICE servers). */
export function toStreamConnection(join: SessionJoinResponse): {
  signalingUrl: string;
  iceServers: RTCIceServer[];
} {
  return {
    signalingUrl: join.signaling_url,
    iceServers: join.stun_servers.map((server) => ({
      urls: server.urls,
      ...(server.username === undefined ? {} : { username: server.username }),
      ...(server.password === undefined ? {} : { credential: server.password }),
    })),
  };
}
