import type { Database } from "./database.ts";

/**
 * How long a view lasts without word from its page: the stream page says it still plays every
 * minute, so a tab that crashed or lost its network stops counting within three.
 */
export const streamViewLifetimeMs = 3 * 60_000;

/** A stream one member watches: its cluster and gateway session. */
export interface StreamRef {
  clusterId: string;
  streamSessionId: string;
}

/**
 * Records that a browser session watches a stream, counted against `groups`. A stream has one
 * viewer (a join hands it to its newest client): whoever watched it before stops counting.
 */
export async function recordView(
  db: Database,
  stream: StreamRef,
  viewer: { userId: string; browserSessionId: string; groups: readonly string[] },
  now = new Date(),
): Promise<void> {
  await endViews(db, stream);
  if (viewer.groups.length === 0) return;
  await db
    .insertInto("stream_views")
    .values(
      viewer.groups.map((group_name) => ({
        cluster_id: stream.clusterId,
        stream_session_id: stream.streamSessionId,
        group_name,
        user_id: viewer.userId,
        browser_session_id: viewer.browserSessionId,
        joined_at: now.toISOString(),
        seen_at: now.toISOString(),
      })),
    )
    .execute();
}

/** Ends a stream's view (its page left it), or only this browser session's view of it. */
export async function endViews(
  db: Database,
  stream: StreamRef,
  browserSessionId?: string,
): Promise<void> {
  let query = db
    .deleteFrom("stream_views")
    .where("cluster_id", "=", stream.clusterId)
    .where("stream_session_id", "=", stream.streamSessionId);
  if (browserSessionId !== undefined) {
    query = query.where("browser_session_id", "=", browserSessionId);
  }
  await query.execute();
}

/** The stream page still plays it: its view lives on. False when it has none (it was replaced). */
export async function stillWatching(
  db: Database,
  stream: StreamRef,
  browserSessionId: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("stream_views")
    .set({ seen_at: now.toISOString() })
    .where("cluster_id", "=", stream.clusterId)
    .where("stream_session_id", "=", stream.streamSessionId)
    .where("browser_session_id", "=", browserSessionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A view that counts: seen lately, by a browser session that still lives. */
export interface LiveView extends StreamRef {
  group: string;
  browserSessionId: string;
}

/** The views of these groups seen within `streamViewLifetimeMs` (the caller checks sessions). */
export async function recentViews(
  db: Database,
  groups: readonly string[],
  now = new Date(),
): Promise<LiveView[]> {
  if (groups.length === 0) return [];
  const since = new Date(now.getTime() - streamViewLifetimeMs).toISOString();
  const rows = await db
    .selectFrom("stream_views")
    .select(["group_name", "cluster_id", "stream_session_id", "browser_session_id"])
    .where("group_name", "in", [...groups])
    .where("seen_at", ">", since)
    .execute();
  return rows.map((row) => ({
    group: row.group_name,
    clusterId: row.cluster_id,
    streamSessionId: row.stream_session_id,
    browserSessionId: row.browser_session_id,
  }));
}
