import type { GatewayShare, StreamShare } from "@anbox-dashboard/contract";
import { ApiError } from "../http/api-error.ts";

const shareTokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

/** The gateway's path of a share link's token; 404 for a token that cannot be one. */
export function sharePath(token: string): string {
  if (!shareTokenPattern.test(token)) {
    throw new ApiError(404, "This is not a share link: check that the link was copied whole.");
  }
  return `/1.0/shares/${encodeURIComponent(token)}`;
}

/** A share as the dashboard shows it: the token is the gateway's share id. */
export function toStreamShare(share: GatewayShare): StreamShare {
  return {
    token: share.id,
    url: `/stream/${encodeURIComponent(share.id)}`,
    description: share.description ?? "",
    created_at: share.created_at ?? "",
    expiry_at: share.expiry_at,
  };
}
