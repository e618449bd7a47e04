import type { JoinRole, ResourceName } from "@anbox-dashboard/contract";
import type { GatewayJoinResponse, SessionJoinResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { joinThroughGateway } from "../ams/gateway.ts";
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
  through: { session: string } | { share: string },
  grant: { streamSessionId: string; grantee: JoinGrantee; resource?: ResourceName },
  role: JoinRole,
): Promise<SessionJoinResponse> {
  const join = await joinThroughGateway(at, through, role);
  const token = joinTokenOf(join.url);
  if (token !== undefined) {
    await context.joinGrants.grant(token, {
      clusterId: at.cluster.id,
      ...grant,
      viewerId: join.viewer_id,
    });
  }
  return {
    ...browserJoin(at, join, new URL(context.publicUrl)),
    viewer_id: join.viewer_id,
    role: join.role,
  };
}

/** The join token of a gateway's signaling URL or path (`...?token=`). */
function joinTokenOf(url: string): string | undefined {
  return new URL(url, "http://gateway.invalid").searchParams.get("token") ?? undefined;
}

/**
 * The browser's side of a join: the gateway's signaling socket becomes the dashboard's relay of
 * it (`/gateway/{clusterIndex}/1.0/session/...`), as an absolute `ws://` or `wss://` URL on the
 * dashboard's public address, which is what the streaming SDK's connectors hand to
 * `new WebSocket` (a page of another origin that embeds the SDK needs it absolute). A gateway's
 * own absolute URL (a remote gateway's `wss://`) is relayed too: the browser need not reach that
 * machine nor trust its certificate, and the join stays bound to whoever asked for it.
 */
function browserJoin(
  at: GatewayCluster,
  join: GatewayJoinResponse,
  publicUrl: URL,
): SessionJoinResponse {
  const stunServers = join.stun_servers ?? [];
  const signaling = new URL(join.url, "http://gateway.invalid");
  const relay = new URL(publicUrl);
  relay.protocol = publicUrl.protocol === "https:" ? "wss:" : "ws:";
  // The public address may have a path (a dashboard served under a prefix).
  relay.pathname = `${publicUrl.pathname.replace(/\/$/, "")}/gateway/${String(at.index)}${signaling.pathname}`;
  relay.search = signaling.search;
  return { signaling_url: relay.toString(), stun_servers: stunServers };
}
