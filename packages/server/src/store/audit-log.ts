import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { AuditEntry, AuditFilter, AuditOutcome } from "@anbox-dashboard/contract";
import type { Database } from "./database.ts";
import type { DatabaseSchema } from "./schema.ts";

/** What the dashboard records by name; a request a route does not name is `METHOD /route`. */
export type AuditAction =
  | "sign-in"
  | "sign-out"
  | "registration"
  | "registration-link-created"
  | "account-disabled"
  | "account-enabled"
  | "sessions-ended"
  | "view-as-started"
  | "view-as-stopped"
  | "group-created"
  | "group-deleted"
  | "group-permissions-changed"
  | "group-limits-changed"
  | "cluster-added"
  | "cluster-removed"
  | "identity-groups-changed"
  | "provider-group-mapping-changed"
  | "share-link-used"
  | "share-link-created"
  | "share-link-extended"
  | "share-link-revoked"
  | "stream-joined"
  | "session-expired"
  | "terminal-opened"
  | "terminal-closed"
  | "stream-left";

export interface AuditRecord {
  /**
   * Its id, when the same act may be seen by more than one process or socket (a terminal's two
   * sockets closing): the first entry is kept, the others change nothing. A new one otherwise.
   */
  id?: string;
  /** A name, or the request's `METHOD /route`. */
  action: string;
  outcome: AuditOutcome;
  actor: string;
  address: string;
  /** Facts for a reader of the log; never a password, token, key or cookie value. */
  detail?: string;
  identityId?: string;
  /** The groups that applied (`name`, or `name (from the identity provider)`). */
  groups?: readonly string[];
  resource?: string;
  cluster?: string;
  userAgent?: string;
  requestId?: string;
}

/** The longest user agent kept: the rest says nothing an audit needs. */
const userAgentMaxLength = 300;
const detailMaxLength = 1000;

/** Appends an entry to the audit log. */
export async function recordAudit(
  db: Database,
  entry: AuditRecord,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: entry.id ?? randomUUID(),
      at: now.toISOString(),
      action: entry.action,
      outcome: entry.outcome,
      actor: entry.actor,
      address: entry.address,
      detail: (entry.detail ?? "").slice(0, detailMaxLength),
      identity_id: entry.identityId ?? "",
      groups: JSON.stringify(entry.groups ?? []),
      resource: entry.resource ?? "",
      cluster: entry.cluster ?? "",
      user_agent: (entry.userAgent ?? "").slice(0, userAgentMaxLength),
      request_id: entry.requestId ?? "",
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
}

type AuditQuery = SelectQueryBuilder<DatabaseSchema, "audit_log", object>;

/** `%`, `_` and the escape itself, taken as themselves in a LIKE pattern. */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Who the `identity` filter names, as the route found them: by id, and as entries spell who acted
 * (an identity's e-mail: a failed sign-in typed it; `cli`).
 */
export interface AuditIdentity {
  ids: readonly string[];
  actors: readonly string[];
}

/** The filter as a WHERE clause (`identity` as the route resolved it). */
function filtered(query: AuditQuery, filter: AuditFilter, identity: AuditIdentity | undefined) {
  let where = query;
  if (identity !== undefined) {
    where = where.where((eb) =>
      eb.or([
        ...(identity.ids.length > 0 ? [eb("identity_id", "in", identity.ids)] : []),
        eb("actor", "in", identity.actors),
      ]),
    );
  }
  if (filter.action !== undefined) where = where.where("action", "=", filter.action);
  if (filter.resource !== undefined) where = where.where("resource", "=", filter.resource);
  if (filter.cluster !== undefined) where = where.where("cluster", "=", filter.cluster);
  if (filter.outcome !== undefined && filter.outcome.length > 0) {
    where = where.where("outcome", "in", filter.outcome);
  }
  if (filter.from !== undefined) where = where.where("at", ">=", filter.from);
  if (filter.to !== undefined) where = where.where("at", "<", filter.to);
  const words = filter.q;
  if (words !== undefined && words !== "") {
    const pattern = likePattern(words);
    where = where.where((eb: ExpressionBuilder<DatabaseSchema, "audit_log">) =>
      eb.or(
        (["actor", "action", "resource", "address", "detail"] as const).map(
          // Both sides folded by the database (SQLite folds ASCII only: as it does the column).
          (column) => sql<boolean>`lower(${eb.ref(column)}) like lower(${pattern}) escape '\\'`,
        ),
      ),
    );
  }
  return where;
}

function entryOf(row: DatabaseSchema["audit_log"]): AuditEntry {
  let groups: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.groups || "[]");
    if (Array.isArray(parsed)) groups = parsed.filter((item) => typeof item === "string");
  } catch {
    // An entry written by hand or damaged: its groups are not known, the rest still is.
  }
  return {
    id: row.id,
    at: row.at,
    identity_id: row.identity_id,
    actor: row.actor,
    groups,
    action: row.action,
    resource: row.resource,
    cluster: row.cluster,
    outcome: (row.outcome === "success" || row.outcome === "refused"
      ? row.outcome
      : "failure") satisfies AuditOutcome,
    address: row.address,
    user_agent: row.user_agent,
    request_id: row.request_id,
    detail: row.detail,
  };
}

/** One page of the entries that match, newest first, and how many match. */
export async function listAudit(
  db: Database,
  filter: AuditFilter,
  identity: AuditIdentity | undefined,
  page: { page: number; size: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const base = filtered(db.selectFrom("audit_log"), filter, identity);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as("total")).executeTakeFirst(),
  ]);
  return { entries: rows.map(entryOf), total: Number(count?.total ?? 0) };
}

/** How many entries an export reads at a time: its memory does not grow with the log. */
const exportBatch = 500;

/**
 * Every entry that matches, newest first, read a batch at a time from where the last one ended
 * (by time and id, not by offset: each batch costs the same, however deep into a million).
 */
export async function* exportAudit(
  db: Database,
  filter: AuditFilter,
  identity: AuditIdentity | undefined,
): AsyncGenerator<AuditEntry> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    let query = filtered(db.selectFrom("audit_log"), filter, identity);
    if (after !== undefined) {
      const last = after;
      query = query.where((eb) =>
        eb.or([eb("at", "<", last.at), eb.and([eb("at", "=", last.at), eb("id", "<", last.id)])]),
      );
    }
    const rows = await query
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(exportBatch)
      .execute();
    for (const row of rows) yield entryOf(row);
    const last = rows.at(-1);
    if (last === undefined || rows.length < exportBatch) return;
    after = { at: last.at, id: last.id };
  }
}

/** How many expired entries one statement removes: a long delete would hold the database. */
const expiryBatch = 5000;

/**
 * Removes the entries written before `before`, a batch at a time (another process removing the
 * same ones at once does no harm). Answers how many were removed.
 */
export async function removeExpiredAudit(db: Database, before: Date): Promise<number> {
  const cutoff = before.toISOString();
  let removed = 0;
  for (;;) {
    const ids = await db
      .selectFrom("audit_log")
      .select("id")
      .where("at", "<", cutoff)
      .limit(expiryBatch)
      .execute();
    if (ids.length === 0) return removed;
    const result = await db
      .deleteFrom("audit_log")
      .where(
        "id",
        "in",
        ids.map((row) => row.id),
      )
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
    if (ids.length < expiryBatch) return removed;
  }
}

/** When `identityId` last did `action` on `resource` (a stream joined), if it is in the trail. */
export async function lastRecorded(
  db: Database,
  identityId: string,
  action: AuditAction,
  resource: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("audit_log")
    .select("at")
    .where("identity_id", "=", identityId)
    .where("action", "=", action)
    .where("resource", "=", resource)
    .where("outcome", "=", "success")
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.at;
}
