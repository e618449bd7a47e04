import { isResourceName, ownerEntitlements, type ResourceName } from "@anbox-dashboard/contract";
import type { Database } from "./database.ts";
import type { HeldGrant } from "./authorization-groups.ts";

/**
 * Records who made a resource. Done once its cluster has made it; a resource made again under
 * the same name (an id reused by a remote AMS) gets its new owner.
 */
export async function recordOwner(
  db: Database,
  resource: ResourceName,
  userId: string,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("resource_owners")
    .values({ resource, user_id: userId, created_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column("resource").doUpdateSet({ user_id: userId, created_at: now.toISOString() }),
    )
    .execute();
}

/** The user who made a resource, if one is recorded. */
export async function ownerOf(db: Database, resource: ResourceName): Promise<string | undefined> {
  const row = await db
    .selectFrom("resource_owners")
    .select("user_id")
    .where("resource", "=", resource)
    .executeTakeFirst();
  return row?.user_id;
}

/** What a user holds as the owner of what they made: `ownerEntitlements` on each. */
export async function ownerGrantsOf(db: Database, userId: string): Promise<HeldGrant[]> {
  const rows = await db
    .selectFrom("resource_owners")
    .select("resource")
    .where("user_id", "=", userId)
    .execute();
  return rows.flatMap(({ resource }) =>
    isResourceName(resource)
      ? ownerEntitlements.map((entitlement) => ({
          entitlement,
          resource,
          grantedBy: { owner: true as const },
        }))
      : [],
  );
}
