import { randomUUID } from "node:crypto";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { Database } from "./database.ts";

/**
 * How long a lease holds without word from its holder, which renews it every third of that for as
 * long as its work runs: only a process that died (or hung) lets the next one in early.
 */
export const quotaLeaseMs = 60_000;
/** How long a request waits for the groups' leases before it says the quota is busy. */
const waitMaxMs = 20_000;
const retryMs = 25;

/**
 * Runs `work` holding the quota lease of each group (taken in name order, so that two requests
 * over the same groups never wait on each other): a quota's check and what it lets through (a
 * create, a start, a join) are then one step for every dashboard process on this database, and
 * two of them never both take the last unit. A row per group, taken with an insert (or over an
 * expired one): no transaction is held while the cluster answers.
 */
export async function withQuotaLeases<T>(
  db: Database,
  groups: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const holder = randomUUID();
  const names = [...new Set(groups)].sort();
  const held: string[] = [];
  const renewal = setInterval(() => {
    if (held.length === 0) return;
    const expiresAt = new Date(Date.now() + quotaLeaseMs).toISOString();
    db.updateTable("quota_locks")
      .set({ expires_at: expiresAt })
      .where("group_name", "in", [...held])
      .where("holder", "=", holder)
      .execute()
      .catch(() => undefined);
  }, quotaLeaseMs / 3);
  try {
    for (const name of names) {
      await takeLease(db, name, holder);
      held.push(name);
    }
    return await work();
  } finally {
    clearInterval(renewal);
    if (held.length > 0) {
      await db
        .deleteFrom("quota_locks")
        .where("group_name", "in", held)
        .where("holder", "=", holder)
        .execute();
    }
  }
}

async function takeLease(db: Database, name: string, holder: string): Promise<void> {
  const giveUpAt = Date.now() + waitMaxMs;
  for (;;) {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + quotaLeaseMs).toISOString();
    const inserted = await db
      .insertInto("quota_locks")
      .values({ group_name: name, holder, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column("group_name").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return;
    // A lease its holder left behind (the process died) is taken over.
    const takenOver = await db
      .updateTable("quota_locks")
      .set({ holder, expires_at: expiresAt })
      .where("group_name", "=", name)
      .where("expires_at", "<=", now.toISOString())
      .executeTakeFirst();
    if (Number(takenOver.numUpdatedRows) > 0) return;
    if (Date.now() >= giveUpAt) {
      throw new HttpError(
        503,
        `The quota of group ${name} is being checked for other requests: try again in a moment.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs + Math.random() * retryMs));
  }
}
