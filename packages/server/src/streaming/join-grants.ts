import { createHash } from "node:crypto";
import { isResourceName, type ResourceName } from "@anbox-dashboard/contract";
import type { Database } from "../store/database.ts";

/** How long the dashboard keeps a join's grant: as long as the gateway keeps its token. */
export const joinGrantLifetimeMs = 60_000;

/** Who asked for a join: a signed-in browser session, or a share link's page. */
export type JoinGrantee = { kind: "session"; sessionId: string } | { kind: "share" };

export interface JoinGrant {
  /** The cluster whose gateway issued the token. */
  clusterId: string;
  /** The gateway's session the token joins. */
  streamSessionId: string;
  grantee: JoinGrantee;
  /** The instance the stream shows: a session's join lives while its user may stream it. */
  resource?: ResourceName | undefined;
  /** The gateway's viewer the join makes (cut off alone); undefined from a gateway without. */
  viewerId?: string | undefined;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The join tokens the dashboard handed out, bound to whoever asked: the signaling relay opens only
 * for a token found here, once, within a minute, for the stream it was issued for, so a token
 * taken before its browser session ended (or from another dashboard) opens nothing. The gateway
 * checks the same token again (single-use, its own lifetime).
 *
 * In the database (only each token's hash), so that every dashboard process on it knows them: a
 * browser may join through one process and open its signaling through another, and a token is
 * used up once whichever process it reaches (the row is deleted as it is read).
 */
export class JoinGrants {
  private readonly db: Database;
  private readonly now: () => number;

  constructor(db: Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  async grant(token: string, grant: JoinGrant): Promise<void> {
    const now = this.now();
    // Expired grants go as new ones come: the table holds about a minute's joins.
    await this.db
      .deleteFrom("join_grants")
      .where("expires_at", "<=", new Date(now).toISOString())
      .execute();
    await this.db
      .insertInto("join_grants")
      .values({
        token_hash: hashToken(token),
        cluster_id: grant.clusterId,
        stream_session_id: grant.streamSessionId,
        grantee_kind: grant.grantee.kind,
        grantee_id: grant.grantee.kind === "session" ? grant.grantee.sessionId : "",
        resource: grant.resource ?? "",
        viewer_id: grant.viewerId ?? "",
        expires_at: new Date(now + joinGrantLifetimeMs).toISOString(),
      })
      .execute();
  }

  /** Uses up a token: its grant when it is pending and unexpired, else undefined. */
  async consume(token: string): Promise<JoinGrant | undefined> {
    // Deleted as it is read: of two processes given the same token at once, one gets the row.
    const row = await this.db
      .deleteFrom("join_grants")
      .where("token_hash", "=", hashToken(token))
      .returningAll()
      .executeTakeFirst();
    if (row === undefined || Date.parse(row.expires_at) <= this.now()) return undefined;
    return {
      clusterId: row.cluster_id,
      streamSessionId: row.stream_session_id,
      grantee:
        row.grantee_kind === "session"
          ? { kind: "session", sessionId: row.grantee_id }
          : { kind: "share" },
      resource: isResourceName(row.resource) ? row.resource : undefined,
      viewerId: row.viewer_id === "" ? undefined : row.viewer_id,
    };
  }
}
