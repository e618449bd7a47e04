import { createHash, randomBytes } from "node:crypto";
import type { Database } from "./database.ts";
import { joinProviderGroups, splitProviderGroups } from "./provider-groups.ts";

/** The cookie carries the token; the database only its hash. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionLifetimes {
  /** Ends a session not used for this long. */
  idleMs: number;
  /** Ends a session this long after sign-in, used or not. */
  absoluteMs: number;
}

export interface NewBrowserSession {
  userId: string;
  address: string;
  userAgent: string;
  idToken: string;
  /** The groups the sign-in's token claimed at the external provider: they hold for it alone. */
  providerGroups?: readonly string[];
}

/**
 * Starts a browser session and returns the token for its cookie. Always a new random value: a
 * session id is never carried over from before sign-in (no fixation).
 */
export async function createBrowserSession(
  db: Database,
  session: NewBrowserSession,
  lifetimes: SessionLifetimes,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("browser_sessions")
    .values({
      id: hashSessionToken(token),
      user_id: session.userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimes.idleMs).toISOString(),
      absolute_expires_at: new Date(now.getTime() + lifetimes.absoluteMs).toISOString(),
      address: session.address,
      user_agent: session.userAgent.slice(0, 300),
      id_token: session.idToken,
      provider_groups: joinProviderGroups(session.providerGroups ?? []),
    })
    .execute();
  return token;
}

export interface SignedInUser {
  id: string;
  email: string;
  fullname: string;
  /** The hash that identifies the session in the database. */
  sessionId: string;
  /** The groups this sign-in's token claimed at the external provider (none with another). */
  providerGroups: readonly string[];
  /** The identity an admin views the dashboard as (auth/view-as.ts), when they do. */
  viewAs: ViewedIdentity | undefined;
}

/** Someone whose view of the dashboard an admin looks at. */
export interface ViewedIdentity {
  id: string;
  email: string;
  fullname: string;
}

export type SessionLookup =
  { kind: "signed-in"; user: SignedInUser } | { kind: "disabled" } | { kind: "none" };

/**
 * The user behind a cookie token: signed in when the session lives (neither idle nor past its
 * absolute limit) and its user is enabled; `disabled` when the session was ended because its user
 * was disabled. A live session's idle limit is pushed forward.
 */
export async function findSessionUser(
  db: Database,
  token: string,
  lifetimes: SessionLifetimes,
  now = new Date(),
): Promise<SessionLookup> {
  const id = hashSessionToken(token);
  const row = await db
    .selectFrom("browser_sessions")
    .innerJoin("users", "users.id", "browser_sessions.user_id")
    .leftJoin("users as viewed", "viewed.id", "browser_sessions.view_as")
    .select([
      "users.id",
      "users.email",
      "users.fullname",
      "users.disabled",
      "viewed.id as viewed_id",
      "viewed.email as viewed_email",
      "viewed.fullname as viewed_fullname",
      "browser_sessions.expires_at",
      "browser_sessions.absolute_expires_at",
      "browser_sessions.last_seen_at",
      "browser_sessions.ended_reason",
      "browser_sessions.provider_groups",
    ])
    .where("browser_sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return { kind: "none" };
  if (row.disabled === 1 || row.ended_reason === "disabled") return { kind: "disabled" };
  const nowIso = now.toISOString();
  if (row.ended_reason !== "" || row.expires_at <= nowIso || row.absolute_expires_at <= nowIso) {
    return { kind: "none" };
  }
  // Refresh at most once a minute: a busy page should not write on every request.
  if (now.getTime() - Date.parse(row.last_seen_at) > 60_000) {
    const idleLimit = new Date(now.getTime() + lifetimes.idleMs).toISOString();
    await db
      .updateTable("browser_sessions")
      .set({
        last_seen_at: nowIso,
        expires_at: idleLimit < row.absolute_expires_at ? idleLimit : row.absolute_expires_at,
      })
      .where("id", "=", id)
      .execute();
  }
  return {
    kind: "signed-in",
    user: {
      id: row.id,
      email: row.email,
      fullname: row.fullname,
      sessionId: id,
      providerGroups: splitProviderGroups(row.provider_groups),
      viewAs:
        row.viewed_id === null
          ? undefined
          : {
              id: row.viewed_id,
              email: row.viewed_email ?? "",
              fullname: row.viewed_fullname ?? "",
            },
    },
  };
}

/**
 * Whether the session with this id (a token's hash) still lives and its user is enabled, without
 * pushing its idle limit forward: for long-lived connections that must not keep a session alive.
 */
export async function isSessionLive(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  return (await liveSessionIds(db, [sessionId], now)).has(sessionId);
}

/** Which of these sessions (by id) still live with an enabled user; idle limits untouched. */
export async function liveSessionIds(
  db: Database,
  sessionIds: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  return new Set((await liveSessionUsers(db, sessionIds, now)).keys());
}

/**
 * Whose a live session is: its user, the groups its sign-in claimed at the provider, and whom its
 * admin views the dashboard as, if anyone (auth/view-as.ts decides whether that holds).
 */
export interface SessionHolder {
  userId: string;
  providerGroups: readonly string[];
  /** The user id its admin views the dashboard as; undefined: themselves. */
  viewAs: string | undefined;
}

/** The holder of each of these sessions that still lives with an enabled user, by session id. */
export async function liveSessionUsers(
  db: Database,
  sessionIds: readonly string[],
  now = new Date(),
): Promise<Map<string, SessionHolder>> {
  if (sessionIds.length === 0) return new Map();
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom("browser_sessions")
    .innerJoin("users", "users.id", "browser_sessions.user_id")
    .select([
      "browser_sessions.id",
      "browser_sessions.user_id",
      "browser_sessions.provider_groups",
      "browser_sessions.view_as",
    ])
    .where("browser_sessions.id", "in", sessionIds)
    .where("browser_sessions.ended_reason", "=", "")
    .where("browser_sessions.expires_at", ">", nowIso)
    .where("browser_sessions.absolute_expires_at", ">", nowIso)
    .where("users.disabled", "=", 0)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        userId: row.user_id,
        providerGroups: splitProviderGroups(row.provider_groups),
        viewAs: row.view_as === "" ? undefined : row.view_as,
      },
    ]),
  );
}

/** Ends one session (logout). Returns its ID token, for logging out at the identity provider too. */
export async function endBrowserSession(db: Database, token: string): Promise<string | undefined> {
  const id = hashSessionToken(token);
  const row = await db
    .selectFrom("browser_sessions")
    .select("id_token")
    .where("id", "=", id)
    .executeTakeFirst();
  await db.deleteFrom("browser_sessions").where("id", "=", id).execute();
  return row?.id_token;
}

export interface SessionSummary {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  address: string;
  userAgent: string;
}

/** The user's live sessions, newest first. */
export async function listUserSessions(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom("browser_sessions")
    .select(["id", "created_at", "last_seen_at", "address", "user_agent"])
    .where("user_id", "=", userId)
    .where("ended_reason", "=", "")
    .where("expires_at", ">", now.toISOString())
    .where("absolute_expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    address: row.address,
    userAgent: row.user_agent,
  }));
}

/** Ends every session of the user but the one given (by its hash). */
export async function endOtherSessions(
  db: Database,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const result = await db
    .deleteFrom("browser_sessions")
    .where("user_id", "=", userId)
    .where("id", "!=", keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Views the dashboard as `userId` in this session (read-only), or as oneself again (undefined). */
export async function setViewAs(
  db: Database,
  sessionId: string,
  userId: string | undefined,
): Promise<void> {
  await db
    .updateTable("browser_sessions")
    .set({ view_as: userId ?? "" })
    .where("id", "=", sessionId)
    .execute();
}

/** A session that outlived its idle or its absolute limit, marked as ended so once. */
export interface ExpiredSession {
  userId: string;
  email: string;
  /** When it expired: its idle limit, or its absolute one when that came first. */
  expiredAt: string;
  limit: "idle" | "absolute";
}

/**
 * Marks the sessions that expired since they were last looked at (`ended_reason` `expired`), a
 * batch at a time: each is answered by the one call that marked it, whichever process made it.
 */
export async function markExpiredSessions(
  db: Database,
  now = new Date(),
  batch = 500,
): Promise<ExpiredSession[]> {
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom("browser_sessions")
    .innerJoin("users", "users.id", "browser_sessions.user_id")
    .select([
      "browser_sessions.id",
      "users.id as user_id",
      "users.email",
      "browser_sessions.expires_at",
      "browser_sessions.absolute_expires_at",
    ])
    .where("browser_sessions.ended_reason", "=", "")
    .where((eb) =>
      eb.or([
        eb("browser_sessions.expires_at", "<=", nowIso),
        eb("browser_sessions.absolute_expires_at", "<=", nowIso),
      ]),
    )
    .limit(batch)
    .execute();
  const marked: ExpiredSession[] = [];
  for (const row of rows) {
    const result = await db
      .updateTable("browser_sessions")
      .set({ ended_reason: "expired" })
      .where("id", "=", row.id)
      .where("ended_reason", "=", "")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    const absolute = row.absolute_expires_at <= row.expires_at;
    marked.push({
      userId: row.user_id,
      email: row.email,
      expiredAt: absolute ? row.absolute_expires_at : row.expires_at,
      limit: absolute ? "absolute" : "idle",
    });
  }
  return marked;
}
