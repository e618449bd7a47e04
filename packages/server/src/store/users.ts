import type { Database } from "./database.ts";

export async function countUsers(db: Database): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers COUNT as a string (bigint); SQLite as a number.
  return Number(row.count);
}
