import type { GatewayJoinResponse, SessionJoinResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import type { GatewayCluster } from "./gateway-lookup.ts";
import type { JoinGrantee } from "./join-grants.ts";

/**
 * Joins a stream through a gateway (a session's join, or a share's) for `grantee`: the signaling
 * relay opens only for them, once (join-grants.ts). The browser gets the address of the
 * dashboard's relay, never a gateway token.
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
  return browserJoin(at, result.metadata, new URL(context.publicUrl));
}

/** The join token of a gateway's signaling path (`...?token=`); undefined in an absolute URL. */
function joinTokenOf(url: string): string | undefined {
  if (/^wss?:\/\//.test(url)) return undefined;
  return new URL(url, "http://gateway.invalid").searchParams.get("token") ?? undefined;
}

/**
 * The browser's side of a join: the gateway's signaling path becomes the dashboard's relay of it
 * (`/gateway/{clusterIndex}/1.0/session/...`), as an absolute `ws://` or `wss://` URL on the
 * dashboard's public address, which is what the streaming SDK's connectors hand to
 * `new WebSocket` (a page of another origin that embeds the SDK needs it absolute); a gateway's
 * own absolute URL (a real gateway's `wss://`) is passed on as it is.
 */
function browserJoin(
  at: GatewayCluster,
  join: GatewayJoinResponse,
  publicUrl: URL,
): SessionJoinResponse {
  const stunServers = join.stun_servers ?? [];
  if (/^wss?:\/\//.test(join.url)) return { signaling_url: join.url, stun_servers: stunServers };
  const relay = new URL(publicUrl);
  relay.protocol = publicUrl.protocol === "https:" ? "wss:" : "ws:";
  // The public address may have a path (a dashboard served under a prefix).
  const [path = "", query = ""] = join.url.split("?");
  relay.pathname = `${publicUrl.pathname.replace(/\/$/, "")}/gateway/${String(at.index)}${path}`;
  relay.search = query;
  return { signaling_url: relay.toString(), stun_servers: stunServers };
}
