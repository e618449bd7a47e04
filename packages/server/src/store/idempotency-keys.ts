import type { Database } from "./database.ts";

/** How long a key holds its answer: a retry comes within seconds, a day is plenty. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60_000;

/**
 * A first request still "running" after this long was cut off with its process (a crash, a
 * restart): its key may be taken again. Longer than the slowest upload the dashboard expects.
 */
const abandonedClaimMs = 60 * 60_000;

/** Which key: a user's, for one route. */
export interface IdempotencyScope {
  userId: string;
  /** `POST /api/instances`: the method and the route's pattern. */
  route: string;
  key: string;
}

/** A finished request's answer, kept to answer its replays with. */
export interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What became of a claim on a key. */
export type IdempotencyClaim =
  | { kind: "claimed" }
  /** The first request with this key is still being handled. */
  | { kind: "running" }
  /** The key was used for a request that asked something else. */
  | { kind: "other-request" }
  | { kind: "answered"; answer: StoredAnswer };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims `scope`'s key for a request asking `fingerprint`: `claimed` when this request is the
 * first (it must then `finishIdempotentRequest` or `releaseIdempotencyKey`), else what the first
 * one's row says. The row's primary key decides between two processes claiming at once: one
 * insert wins, the other reads its row. Expired keys are deleted as new ones come.
 */
export async function claimIdempotencyKey(
  db: Database,
  scope: IdempotencyScope,
  fingerprint: string,
  now: number,
): Promise<IdempotencyClaim> {
  await db.deleteFrom("idempotency_keys").where("expires_at", "<=", iso(now)).execute();
  // Twice at most: a row that was abandoned is deleted, then the insert is tried again.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        user_id: scope.userId,
        route: scope.route,
        key: scope.key,
        fingerprint,
        status: 0,
        content_type: "",
        body: "",
        created_at: iso(now),
        expires_at: iso(now + idempotencyKeyLifetimeMs),
      })
      .onConflict((conflict) => conflict.columns(["user_id", "route", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst();
    if (inserted !== undefined) return { kind: "claimed" };
    const row = await whereScope(
      db.selectFrom("idempotency_keys").selectAll(),
      scope,
    ).executeTakeFirst();
    // Deleted between the insert and the read (it expired, or its first request failed): again.
    if (row === undefined) continue;
    if (row.fingerprint !== fingerprint) return { kind: "other-request" };
    if (row.status !== 0) {
      return {
        kind: "answered",
        answer: { status: row.status, contentType: row.content_type, body: row.body },
      };
    }
    if (Date.parse(row.created_at) > now - abandonedClaimMs) return { kind: "running" };
    // Only the row seen is deleted: of two processes taking it over, one inserts anew.
    await whereScope(db.deleteFrom("idempotency_keys"), scope)
      .where("created_at", "=", row.created_at)
      .where("status", "=", 0)
      .execute();
  }
  return { kind: "running" };
}

/** Keeps the first request's answer for its replays. */
export async function finishIdempotentRequest(
  db: Database,
  scope: IdempotencyScope,
  answer: StoredAnswer,
): Promise<void> {
  await whereScope(
    db.updateTable("idempotency_keys").set({
      status: answer.status,
      content_type: answer.contentType,
      body: answer.body,
    }),
    scope,
  )
    .where("status", "=", 0)
    .execute();
}

/** Frees a key whose request ended without an answer worth repeating: a retry runs again. */
export async function releaseIdempotencyKey(db: Database, scope: IdempotencyScope): Promise<void> {
  await whereScope(db.deleteFrom("idempotency_keys"), scope).where("status", "=", 0).execute();
}

/** The `where` that picks `scope`'s row, on any query of the table. */
interface ScopedQuery<Q> {
  where(column: "user_id" | "route" | "key", operator: "=", value: string): Q;
}

function whereScope<Q extends ScopedQuery<Q>>(query: Q, scope: IdempotencyScope): Q {
  return query
    .where("user_id", "=", scope.userId)
    .where("route", "=", scope.route)
    .where("key", "=", scope.key);
}
