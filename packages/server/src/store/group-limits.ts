import { isQuotaKey, type GroupLimit, type QuotaKey } from "@anbox-dashboard/contract";
import type { Database } from "./database.ts";

/** The limits of these groups, by group (those without any are absent). */
export async function limitsOf(
  db: Database,
  groups: readonly string[],
): Promise<Map<string, GroupLimit[]>> {
  const byGroup = new Map<string, GroupLimit[]>();
  if (groups.length === 0) return byGroup;
  const rows = await db
    .selectFrom("auth_group_limits")
    .select(["group_name", "key", "cluster_id", "value"])
    .where("group_name", "in", [...groups])
    .orderBy("group_name")
    .orderBy("key")
    .orderBy("cluster_id")
    .execute();
  for (const row of rows) {
    // A key this version does not know (written by a newer one) limits nothing here.
    if (!isQuotaKey(row.key)) continue;
    const limit: GroupLimit = {
      key: row.key,
      value: row.value,
      cluster: row.cluster_id === "" ? null : row.cluster_id,
    };
    byGroup.set(row.group_name, [...(byGroup.get(row.group_name) ?? []), limit]);
  }
  return byGroup;
}

/** One group's limits. */
export async function groupLimits(db: Database, name: string): Promise<GroupLimit[]> {
  return (await limitsOf(db, [name])).get(name) ?? [];
}

/** Replaces a group's limits as a whole (in the transaction that changes the group). */
export async function replaceLimits(
  db: Database,
  name: string,
  limits: readonly GroupLimit[],
): Promise<void> {
  await db.deleteFrom("auth_group_limits").where("group_name", "=", name).execute();
  if (limits.length === 0) return;
  await db
    .insertInto("auth_group_limits")
    .values(
      limits.map((limit) => ({
        group_name: name,
        key: limit.key,
        cluster_id: limit.cluster ?? "",
        value: limit.value,
      })),
    )
    .execute();
}

/** The command line's `group limit set|unset`: one key on all clusters or one, the others kept. */
export function withLimit(
  limits: readonly GroupLimit[],
  key: QuotaKey,
  cluster: string | null,
  value: number | undefined,
): GroupLimit[] {
  const others = limits.filter((limit) => !(limit.key === key && limit.cluster === cluster));
  return value === undefined ? others : [...others, { key, value, cluster }];
}
