import type { ClusterDatabase } from "../store/database.ts";
import type { SchedulingStrategy } from "../scheduler/place-instance.ts";

/** The scheduler's strategy (`scheduler.strategy`): `spread` unless configured otherwise. */
export async function readSchedulerStrategy(db: ClusterDatabase): Promise<SchedulingStrategy> {
  const row = await db
    .selectFrom("config")
    .select("value")
    .where("key", "=", "scheduler.strategy")
    .executeTakeFirst();
  return row?.value === "binpack" ? "binpack" : "spread";
}
