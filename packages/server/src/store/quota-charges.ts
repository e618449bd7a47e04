import type { ResourceName } from "@anbox-dashboard/contract";
import type { Database } from "./database.ts";

/**
 * Records the groups an instance counts against: those its maker was in when they made it
 * (their own and their identity provider's). Written in the quota lease that let it through, so
 * that the next check of any dashboard process counts it.
 */
export async function chargeInstance(
  db: Database,
  resource: ResourceName,
  groups: readonly string[],
  now = new Date(),
): Promise<void> {
  if (groups.length === 0) return;
  await db
    .insertInto("quota_charges")
    .values(groups.map((group_name) => ({ group_name, resource, charged_at: now.toISOString() })))
    .onConflict((conflict) => conflict.columns(["group_name", "resource"]).doNothing())
    .execute();
}

/** An instance charged to a group, and when ('' when charged before that was kept). */
export interface Charge {
  resource: string;
  chargedAt: string;
}

/** The instances each of these groups is charged with, by group. */
export async function chargesOfGroups(
  db: Database,
  groups: readonly string[],
): Promise<Map<string, Charge[]>> {
  const byGroup = new Map<string, Charge[]>();
  if (groups.length === 0) return byGroup;
  const rows = await db
    .selectFrom("quota_charges")
    .select(["group_name", "resource", "charged_at"])
    .where("group_name", "in", [...groups])
    .orderBy("resource")
    .execute();
  for (const row of rows) {
    const charge = { resource: row.resource, chargedAt: row.charged_at };
    byGroup.set(row.group_name, [...(byGroup.get(row.group_name) ?? []), charge]);
  }
  return byGroup;
}

/** Forgets instances that are gone from their cluster: they count against no one. */
export async function dropCharges(db: Database, resources: readonly string[]): Promise<void> {
  if (resources.length === 0) return;
  await db
    .deleteFrom("quota_charges")
    .where("resource", "in", [...resources])
    .execute();
}

/** The groups each of these instances counts against, by instance. */
export async function groupsOfInstances(
  db: Database,
  resources: readonly string[],
): Promise<Map<string, string[]>> {
  const byResource = new Map<string, string[]>();
  if (resources.length === 0) return byResource;
  const rows = await db
    .selectFrom("quota_charges")
    .select(["group_name", "resource"])
    .where("resource", "in", [...resources])
    .orderBy("group_name")
    .execute();
  for (const row of rows) {
    byResource.set(row.resource, [...(byResource.get(row.resource) ?? []), row.group_name]);
  }
  return byResource;
}

/**
 * Marks instances asked to be deleted: from now on a cluster that does not know one means it is
 * gone (not that it has not made it yet), and its charge is forgotten at the next read.
 */
export async function settleCharges(db: Database, resources: readonly string[]): Promise<void> {
  if (resources.length === 0) return;
  await db
    .updateTable("quota_charges")
    .set({ charged_at: "" })
    .where("resource", "in", [...resources])
    .execute();
}
