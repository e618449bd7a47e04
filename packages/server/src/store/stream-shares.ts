import { createHash } from "node:crypto";
import type { Database } from "./database.ts";

/** A share link's token, as it is kept: its hash (the token is the link's key). */
export function shareHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Records who made a share link, and the groups its viewers count against. */
export async function recordShareMaker(
  db: Database,
  token: string,
  maker: { userId: string; groups: readonly string[] },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("stream_shares")
    .values({
      token_hash: shareHash(token),
      user_id: maker.userId,
      groups: maker.groups.join("\n"),
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("token_hash").doNothing())
    .execute();
}

/** Who made a share link and their groups then; undefined for a link made before it was kept. */
export async function shareMaker(
  db: Database,
  token: string,
): Promise<{ userId: string; groups: string[] } | undefined> {
  const row = await db
    .selectFrom("stream_shares")
    .select(["user_id", "groups"])
    .where("token_hash", "=", shareHash(token))
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { userId: row.user_id, groups: row.groups === "" ? [] : row.groups.split("\n") };
}

/** Forgets a revoked share link. */
export async function forgetShare(db: Database, token: string): Promise<void> {
  await db.deleteFrom("stream_shares").where("token_hash", "=", shareHash(token)).execute();
}
