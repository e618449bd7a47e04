import { gatewaySessionStatuses, type GatewaySessionStatus } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { SessionWithInstance } from "./session-view.ts";
import { onePage } from "../store/one-page.ts";

// Session ids are 20-character xid-like strings; anything else in a URL is refused before it
// reaches the database (generously: a session id of another gateway is not an error, just unknown).
const sessionIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const sessionSortKeys = ["created_at", "updated_at", "id", "app", "status"] as const;
export type SessionSortKey = (typeof sessionSortKeys)[number];

export interface SessionListQuery {
  statuses: GatewaySessionStatus[];
  recursion: boolean;
  limit: number | undefined;
  offset: number;
  sortBy: SessionSortKey;
  sortOrder: "asc" | "desc";
}

function selectSessions(db: ClusterDatabase) {
  return db
    .selectFrom("gateway_sessions")
    .leftJoin("instances", "instances.id", "gateway_sessions.instance_id")
    .selectAll("gateway_sessions")
    .select(["instances.id as live_instance_id", "instances.name as instance_name"]);
}

export async function findSession(
  db: ClusterDatabase,
  id: string,
): Promise<SessionWithInstance | undefined> {
  if (!sessionIdPattern.test(id)) return undefined;
  return selectSessions(db).where("gateway_sessions.id", "=", id).executeTakeFirst();
}

/** The session, or 400 for an id that cannot be one and 404 for an unknown one. */
export async function requireSession(
  db: ClusterDatabase,
  id: string,
): Promise<SessionWithInstance> {
  if (!sessionIdPattern.test(id)) {
    throw new HttpError(
      400,
      `Invalid session id "${id.slice(0, 80)}": use letters, digits, hyphens and underscores`,
    );
  }
  const session = await findSession(db, id);
  if (!session) throw new HttpError(404, `Session "${id}" not found`);
  return session;
}

/** A page of sessions, filtered and sorted in the database, and how many match in all. */
export async function listSessions(
  db: ClusterDatabase,
  query: SessionListQuery,
): Promise<{ rows: SessionWithInstance[]; total: number }> {
  const statuses = query.statuses.length > 0 ? query.statuses : [...gatewaySessionStatuses];
  const counted = await db
    .selectFrom("gateway_sessions")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("status", "in", statuses)
    .executeTakeFirst();
  let page = selectSessions(db)
    .where("gateway_sessions.status", "in", statuses)
    .orderBy(`gateway_sessions.${query.sortBy}`, query.sortOrder)
    .orderBy("gateway_sessions.id", query.sortOrder);
  page = onePage(page, query);
  return { rows: await page.execute(), total: Number(counted?.total ?? 0) };
}
