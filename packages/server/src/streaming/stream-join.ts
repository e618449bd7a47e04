import type { GatewayJoinResponse, SessionJoinResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import type { GatewayCluster } from "./gateway-lookup.ts";
import type { JoinGrantee } from "./join-grants.ts";

/**
 * Joins a stream through a gateway (a session's join, or a share's) for `grantee`: the signaling
 * relay opens only for them, once (join-grants.ts). The browser gets the dashboard's relay path,
 * never a gateway token.
 */
export async function joinStream(
  context: ServerContext,
  at: GatewayCluster,
  path: string,
  grant: { streamSessionId: string; grantee: JoinGrantee },
): Promise<SessionJoinResponse> {
  const result = await callCluster(at.cluster, (signal) =>
    at.gateway.post<GatewayJoinResponse>(path, {}, signal),
  );
  const token = joinTokenOf(result.metadata.url);
  if (token !== undefined) {
    context.joinGrants.grant(token, { clusterIndex: at.index, ...grant });
  }
  return browserJoin(at, result.metadata);
}

/** The join token of a gateway's signaling path (`...?token=`); undefined in an absolute URL. */
function joinTokenOf(url: string): string | undefined {
  if (/^wss?:\/\//.test(url)) return undefined;
  return new URL(url, "http://gateway.invalid").searchParams.get("token") ?? undefined;
}

/**
 * The browser's side of a join: the gateway's signaling path becomes the dashboard's relay of it
 * (`/gateway/{clusterIndex}/1.0/session/...`), so that the browser reaches the gateway through
 * the dashboard's origin; an absolute URL (a real gateway's `wss://`) is passed on as it is.
 */
function browserJoin(at: GatewayCluster, join: GatewayJoinResponse): SessionJoinResponse {
  const url = /^wss?:\/\//.test(join.url) ? join.url : `/gateway/${String(at.index)}${join.url}`;
  return { signaling_url: url, stun_servers: join.stun_servers ?? [] };
}
