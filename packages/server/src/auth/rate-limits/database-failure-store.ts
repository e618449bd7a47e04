import { randomUUID } from "node:crypto";
import type { Database } from "../../store/database.ts";
import type { Failure, FailureStore } from "./failure-store.ts";

/** Failures older than this are deleted as new ones come: every limit's window is shorter. */
const keepFailuresMs = 60 * 60_000;
/** Known sign-in pairs not used for this long are deleted: the exemption lasts 30 days. */
const keepKnownPairsMs = 31 * 24 * 60 * 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The failures and known sign-in pairs in the dashboard's database: every dashboard process on
 * it counts the same failures. Only what the limits need is kept (an hour of failures, a month of
 * known pairs); old rows are deleted as new ones are written.
 */
export class DatabaseFailureStore implements FailureStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async add(scope: string, key: string, at: number): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto("auth_failures")
      .values({ id, scope, key, at: iso(at) })
      .execute();
    await this.db
      .deleteFrom("auth_failures")
      .where("scope", "=", scope)
      .where("at", "<", iso(at - keepFailuresMs))
      .execute();
    return id;
  }

  async after(scope: string, key: string, after: number): Promise<Failure[]> {
    const rows = await this.db
      .selectFrom("auth_failures")
      .select(["id", "at"])
      .where("scope", "=", scope)
      .where("key", "=", key)
      .where("at", ">", iso(after))
      .orderBy("at")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ id: row.id, at: Date.parse(row.at) }));
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom("auth_failures").where("id", "in", ids).execute();
  }

  async forget(scope: string, key: string): Promise<void> {
    await this.db
      .deleteFrom("auth_failures")
      .where("scope", "=", scope)
      .where("key", "=", key)
      .execute();
  }

  async knownSince(pair: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("auth_known_pairs")
      .select("signed_in_at")
      .where("pair", "=", pair)
      .executeTakeFirst();
    return row === undefined ? undefined : Date.parse(row.signed_in_at);
  }

  async remember(pair: string, at: number): Promise<void> {
    await this.db
      .insertInto("auth_known_pairs")
      .values({ pair, signed_in_at: iso(at) })
      .onConflict((conflict) => conflict.column("pair").doUpdateSet({ signed_in_at: iso(at) }))
      .execute();
    await this.db
      .deleteFrom("auth_known_pairs")
      .where("signed_in_at", "<", iso(at - keepKnownPairsMs))
      .execute();
  }
}
