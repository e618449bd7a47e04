import {
  isEntitlement,
  isResourceName,
  type ProviderGroupMapping,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { Database } from "./database.ts";
import { inTransaction, lockGroup, missingGroups, type HeldGrant } from "./authorization-groups.ts";

// The external identity provider's groups (named in its groups claim, OIDC_GROUPS_CLAIM) mapped
// to the dashboard's groups, as LXD's identity-provider groups: whoever signs in with a provider
// group holds, for that sign-in, what the groups it is mapped to grant.

/** At most this many of a token's groups are kept: a claim is not a place to store a directory. */
export const maxClaimedGroups = 100;

/** A provider group's name as kept: 1 to 200 characters, no control character (one per line). */
export function isProviderGroupName(name: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return name.length > 0 && name.length <= 200 && !/[\u0000-\u001f\u007f]/.test(name);
}

/** The groups a token's claim names: a list of names (or one name), kept when well formed. */
export function claimedGroups(claim: unknown): string[] {
  const names = typeof claim === "string" ? [claim] : Array.isArray(claim) ? claim : [];
  const kept = names.filter(
    (name): name is string => typeof name === "string" && isProviderGroupName(name),
  );
  return [...new Set(kept)].slice(0, maxClaimedGroups);
}

/** How a session keeps its claimed groups: one per line. */
export function joinProviderGroups(groups: readonly string[]): string {
  return groups.join("\n");
}

export function splitProviderGroups(stored: string): string[] {
  return stored === "" ? [] : stored.split("\n");
}

/** Every provider group mapped to a dashboard group, by name. */
export async function listProviderGroups(db: Database): Promise<ProviderGroupMapping[]> {
  const rows = await db
    .selectFrom("auth_provider_groups")
    .select(["provider_group", "group_name"])
    .orderBy("provider_group")
    .orderBy("group_name")
    .execute();
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    byName.set(row.provider_group, [...(byName.get(row.provider_group) ?? []), row.group_name]);
  }
  return [...byName].map(([name, groups]) => ({ name, groups }));
}

/**
 * Maps a provider group to these dashboard groups as well (`add`), to these no more (`remove`),
 * or to exactly these (`set`; none: the mapping is gone). Read and written in one transaction,
 * each group locked as a member change locks it: a change made meanwhile (another process, the
 * command line) is not lost, and a group deleted meanwhile is not mapped. Answers the groups it
 * maps to now.
 */
export async function changeProviderGroupMapping(
  db: Database,
  name: string,
  change: "add" | "remove" | "set",
  groups: readonly string[],
): Promise<string[]> {
  if (!isProviderGroupName(name)) {
    throw new HttpError(
      400,
      "A provider group's name is 1 to 200 characters, without line breaks.",
    );
  }
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .selectFrom("auth_provider_groups")
      .select("group_name")
      .where("provider_group", "=", name)
      .execute();
    const before = rows.map((row) => row.group_name);
    if (change === "remove") {
      const notMapped = groups.filter((group) => !before.includes(group));
      if (notMapped.length > 0) {
        throw new HttpError(400, `${name} is not mapped to ${notMapped.join(", ")}.`);
      }
    }
    const wanted = [
      ...new Set(
        change === "set"
          ? groups
          : change === "add"
            ? [...before, ...groups]
            : before.filter((group) => !groups.includes(group)),
      ),
    ].sort();
    for (const group of wanted) await lockGroup(tx, group);
    const missing = await missingGroups(tx, wanted);
    if (missing.length > 0) {
      throw new HttpError(
        400,
        `No group named ${missing.map((group) => `"${group}"`).join(", ")}.`,
      );
    }
    await tx.deleteFrom("auth_provider_groups").where("provider_group", "=", name).execute();
    for (const group of wanted) {
      await tx
        .insertInto("auth_provider_groups")
        .values({ provider_group: name, group_name: group })
        .execute();
    }
    return wanted;
  });
}

/**
 * The dashboard groups these provider groups are mapped to, each with the provider group that
 * maps it (the first, when several do).
 */
export async function groupsMappedFrom(
  db: Database,
  providerGroups: readonly string[],
): Promise<Map<string, string>> {
  if (providerGroups.length === 0) return new Map();
  const rows = await db
    .selectFrom("auth_provider_groups")
    .select(["provider_group", "group_name"])
    .where("provider_group", "in", [...providerGroups])
    .orderBy("provider_group")
    .execute();
  const mapped = new Map<string, string>();
  for (const row of rows)
    if (!mapped.has(row.group_name)) mapped.set(row.group_name, row.provider_group);
  return mapped;
}

/** What these provider groups grant through the groups they are mapped to. */
export async function providerGrantsOf(
  db: Database,
  providerGroups: readonly string[],
): Promise<HeldGrant[]> {
  if (providerGroups.length === 0) return [];
  const rows = await db
    .selectFrom("auth_provider_groups")
    .innerJoin(
      "auth_group_permissions",
      "auth_group_permissions.group_name",
      "auth_provider_groups.group_name",
    )
    .select([
      "auth_group_permissions.group_name",
      "auth_group_permissions.entitlement",
      "auth_group_permissions.resource",
    ])
    .where("auth_provider_groups.provider_group", "in", [...providerGroups])
    .orderBy("auth_group_permissions.group_name")
    .execute();
  const grants: HeldGrant[] = [];
  for (const { group_name, entitlement, resource } of rows) {
    if (isEntitlement(entitlement) && isResourceName(resource)) {
      grants.push({ entitlement, resource, grantedBy: { group: group_name, fromProvider: true } });
    }
  }
  return grants;
}

/**
 * What each user's latest live sign-in claimed at the provider, by user id: what the identities
 * pages show as their groups from the provider (none for who is signed out).
 */
export async function latestClaimsByUser(
  db: Database,
  now = new Date(),
): Promise<Map<string, string[]>> {
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom("browser_sessions")
    .select(["user_id", "provider_groups"])
    .where("provider_groups", "!=", "")
    .where("ended_reason", "=", "")
    .where("expires_at", ">", nowIso)
    .where("absolute_expires_at", ">", nowIso)
    .orderBy("created_at")
    .execute();
  return new Map(rows.map((row) => [row.user_id, splitProviderGroups(row.provider_groups)]));
}

/**
 * The dashboard groups each user holds through their latest live sign-in's provider groups, by
 * user id (for the identities pages; a decision reads the request's own sign-in instead).
 */
export async function groupsFromProviderByUser(
  db: Database,
  knownClaims?: Map<string, string[]>,
): Promise<Map<string, string[]>> {
  const [claims, mappings] = await Promise.all([
    knownClaims ?? latestClaimsByUser(db),
    listProviderGroups(db),
  ]);
  const mapped = new Map(mappings.map((mapping) => [mapping.name, mapping.groups]));
  const byUser = new Map<string, string[]>();
  for (const [userId, claimed] of claims) {
    const groups = new Set(claimed.flatMap((name) => mapped.get(name) ?? []));
    if (groups.size > 0) byUser.set(userId, [...groups].sort());
  }
  return byUser;
}
