import { randomBytes } from "node:crypto";
import { maxShareMinutes, type GatewayShare } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { GatewaySharesTable } from "../store/schema.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { rfc3339 } from "./rfc3339.ts";

// 18 random bytes: 144 bits, 24 URL-safe characters. The id is the secret of a public link.
const shareIdBytes = 18;
const shareIdPattern = /^[A-Za-z0-9_-]{16,64}$/;
export const maxShareLifetimeMs = maxShareMinutes * 60_000;

export function newShareId(): string {
  return randomBytes(shareIdBytes).toString("base64url");
}

/**
 * Where a share leads: the dashboard's public stream page for a `stream` share (a path: the
 * dashboard serves it). Nothing serves ADB in this cloud, so an `adb` share has no URL.
 */
export function shareUrl(share: Pick<GatewaySharesTable, "id" | "type">): string {
  return share.type === "stream" || share.type === "watch" ? `/stream/${share.id}` : "";
}

/** GW-OAS `api.Share`, with times in RFC 3339 (GW-OAS has Unix seconds). */
export function toGatewayShare(row: GatewaySharesTable): GatewayShare {
  return {
    id: row.id,
    session_id: row.session_id,
    type: row.type,
    description: row.description,
    created_at: rfc3339(row.created_at),
    expiry_at: rfc3339(row.expiry_at),
    url: shareUrl(row),
  };
}

/** The expiry as stored (Unix seconds): 400 unless it is in the future and at most 30 days away. */
export function checkedExpiry(expiry: Date, now: number = Date.now()): number {
  const at = expiry.getTime();
  if (at <= now) {
    throw new HttpError(400, `Invalid expiry_at: ${expiry.toISOString()} is not in the future`);
  }
  if (at - now > maxShareLifetimeMs) {
    throw new HttpError(
      400,
      `Invalid expiry_at: a share link lasts at most 30 days (until ${new Date(now + maxShareLifetimeMs).toISOString()})`,
    );
  }
  return Math.floor(at / 1000);
}

export function isExpired(
  row: Pick<GatewaySharesTable, "expiry_at">,
  now: number = Date.now(),
): boolean {
  return row.expiry_at * 1000 <= now;
}

/**
 * The share: 400 for an id that cannot be one, 404 for an unknown or deleted (revoked) one, and,
 * unless `expired: "allow"`, 410 Gone for one past its expiry.
 */
export async function requireShare(
  db: ClusterDatabase,
  id: string,
  options: { expired: "refuse" | "allow" } = { expired: "refuse" },
): Promise<GatewaySharesTable> {
  if (!shareIdPattern.test(id)) {
    throw new HttpError(400, `Invalid share id "${id.slice(0, 80)}"`);
  }
  const row = await db
    .selectFrom("gateway_shares")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, "This share link does not exist (it may have been revoked)");
  if (options.expired === "refuse" && isExpired(row)) {
    throw new HttpError(410, `This share link expired at ${rfc3339(row.expiry_at)}`);
  }
  return row;
}
