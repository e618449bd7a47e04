import type { GatewayShare, StreamShare } from "@anbox-dashboard/contract";

/** A share as the dashboard shows it: the token is the gateway's share id. */
export function toStreamShare(share: GatewayShare): StreamShare {
  return {
    token: share.id,
    url: `/stream/${encodeURIComponent(share.id)}`,
    description: share.description ?? "",
    created_at: share.created_at ?? "",
    expiry_at: share.expiry_at,
    watch_only: share.type === "watch",
  };
}
