import type { Database } from "./database.ts";
import type { StreamViewsTable } from "./schema.ts";

/**
 * How long a view lasts without word from its page: the stream pages say they still play every
 * minute, so a tab that crashed or lost its network stops counting within three.
 */
export const streamViewLifetimeMs = 3 * 60_000;

/** A stream: its cluster and gateway session. */
export interface StreamRef {
  clusterId: string;
  streamSessionId: string;
}

/** Who watches a stream now, and the groups it counts against. */
export interface StreamView {
  viewId: string;
  stream: StreamRef;
  /** The gateway's viewer (to cut off alone); '' when its gateway has one client a session. */
  viewerId: string;
  userId: string;
  /** The viewer's browser session; '' for a share link's viewer. */
  browserSessionId: string;
  /** The share link's token hash, for its viewer; ''. */
  shareHash: string;
  groups: readonly string[];
}

/** A view's row, as `viewColumns` reads it. */
type ViewRow = Omit<StreamViewsTable, "joined_at" | "seen_at">;

function toView(row: ViewRow): StreamView {
  return {
    viewId: row.view_id,
    stream: { clusterId: row.cluster_id, streamSessionId: row.stream_session_id },
    viewerId: row.viewer_id,
    userId: row.user_id,
    browserSessionId: row.browser_session_id,
    shareHash: row.share_hash,
    groups: row.groups === "" ? [] : row.groups.split("\n"),
  };
}

const viewColumns = [
  "view_id",
  "cluster_id",
  "stream_session_id",
  "viewer_id",
  "user_id",
  "browser_session_id",
  "share_hash",
  "groups",
] as const;

/**
 * Records who watches a stream now. A stream of a gateway with one client a session (no viewer
 * id) has one view: whoever watched it before stops counting. One with viewers has up to four,
 * and a browser session that joins again (a reconnect, another tab) replaces its own: a person
 * never counts twice for one stream. Both in one transaction.
 */
export async function recordView(db: Database, view: StreamView, now = new Date()): Promise<void> {
  const work = async (trx: Database) => {
    let replaced = trx
      .deleteFrom("stream_views")
      .where("cluster_id", "=", view.stream.clusterId)
      .where("stream_session_id", "=", view.stream.streamSessionId);
    if (view.viewerId !== "") {
      replaced = replaced.where((row) =>
        row.or([
          row("viewer_id", "=", ""),
          row.and([
            row("browser_session_id", "!=", ""),
            row("browser_session_id", "=", view.browserSessionId),
          ]),
        ]),
      );
    }
    await replaced.execute();
    await trx
      .insertInto("stream_views")
      .values({
        view_id: view.viewId,
        cluster_id: view.stream.clusterId,
        stream_session_id: view.stream.streamSessionId,
        viewer_id: view.viewerId,
        user_id: view.userId,
        browser_session_id: view.browserSessionId,
        share_hash: view.shareHash,
        groups: view.groups.join("\n"),
        joined_at: now.toISOString(),
        seen_at: now.toISOString(),
      })
      .execute();
  };
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

/**
 * Ends one view (its page left), if it is still the stream's and its browser session's (`''` for
 * a share link's viewer): what it was, or undefined.
 */
export async function endView(
  db: Database,
  viewId: string,
  stream: StreamRef,
  browserSessionId: string,
): Promise<StreamView | undefined> {
  const row = await db
    .deleteFrom("stream_views")
    .where("view_id", "=", viewId)
    .where("cluster_id", "=", stream.clusterId)
    .where("stream_session_id", "=", stream.streamSessionId)
    .where("browser_session_id", "=", browserSessionId)
    .returning(viewColumns)
    .executeTakeFirst();
  return row === undefined ? undefined : toView(row);
}

/** A share link's viewer's view, by its id and the link's token hash: undefined when ended. */
export async function shareView(
  db: Database,
  viewId: string,
  shareHash: string,
): Promise<StreamView | undefined> {
  const row = await db
    .selectFrom("stream_views")
    .select(viewColumns)
    .where("view_id", "=", viewId)
    .where("share_hash", "=", shareHash)
    .executeTakeFirst();
  return row === undefined ? undefined : toView(row);
}

/** Ends a browser session's view of a stream (the dashboard cut it off), if it has it. */
export async function endSessionView(
  db: Database,
  stream: StreamRef,
  browserSessionId: string,
): Promise<void> {
  await db
    .deleteFrom("stream_views")
    .where("cluster_id", "=", stream.clusterId)
    .where("stream_session_id", "=", stream.streamSessionId)
    .where("browser_session_id", "=", browserSessionId)
    .execute();
}

/**
 * The page still plays its view: the view lives on. False when it has ended (replaced by another
 * viewer, left, or not heard of for `streamViewLifetimeMs`: a view that lapsed stays ended).
 */
export async function stillWatching(
  db: Database,
  viewId: string,
  stream: StreamRef,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("stream_views")
    .set({ seen_at: now.toISOString() })
    .where("view_id", "=", viewId)
    .where("cluster_id", "=", stream.clusterId)
    .where("stream_session_id", "=", stream.streamSessionId)
    .where("seen_at", ">", new Date(now.getTime() - streamViewLifetimeMs).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The views heard of within `streamViewLifetimeMs` (the caller checks browser sessions). */
export async function recentViews(db: Database, now = new Date()): Promise<StreamView[]> {
  const since = new Date(now.getTime() - streamViewLifetimeMs).toISOString();
  const rows = await db
    .selectFrom("stream_views")
    .select(viewColumns)
    .where("seen_at", ">", since)
    .execute();
  return rows.map(toView);
}

/** Takes out the views not heard of for `streamViewLifetimeMs`: each is ended once, by one process. */
export async function takeLapsedViews(db: Database, now = new Date()): Promise<StreamView[]> {
  const since = new Date(now.getTime() - streamViewLifetimeMs).toISOString();
  const rows = await db
    .deleteFrom("stream_views")
    .where("seen_at", "<=", since)
    .returning(viewColumns)
    .execute();
  return rows.map(toView);
}
