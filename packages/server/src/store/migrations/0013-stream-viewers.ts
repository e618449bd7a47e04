import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 39, several viewers of one stream: a stream may have up to four views at once, each the
 * gateway's viewer (`viewer_id`, '' from a gateway with one client a session). Views last minutes
 * (their pages say they still play): the table is made anew rather than rebuilt, so a stream
 * playing across the upgrade stops counting until its page joins again.
 */
export const streamViewers: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("stream_views").execute();
    await db.schema
      .createTable("stream_views")
      .addColumn("view_id", "text", (c) => c.primaryKey())
      .addColumn("cluster_id", "text", (c) => c.notNull())
      .addColumn("stream_session_id", "text", (c) => c.notNull())
      // The gateway's viewer, to cut off alone; '' when its gateway has one client a session.
      .addColumn("viewer_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      // '' for a share link's viewer, who is no one's browser session.
      .addColumn("browser_session_id", "text", (c) => c.notNull())
      .addColumn("share_hash", "text", (c) => c.notNull())
      // Group names, one per line (names hold no line break).
      .addColumn("groups", "text", (c) => c.notNull())
      .addColumn("joined_at", "text", (c) => c.notNull())
      .addColumn("seen_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("stream_views_stream")
      .on("stream_views")
      .columns(["cluster_id", "stream_session_id"])
      .execute();
    await db.schema.createIndex("stream_views_seen").on("stream_views").column("seen_at").execute();
    // The viewer a join makes, so that the dashboard cuts off that viewer alone.
    await db.schema
      .alterTable("join_grants")
      .addColumn("viewer_id", "text", (c) => c.notNull().defaultTo(""))
      .execute();
  },
};
