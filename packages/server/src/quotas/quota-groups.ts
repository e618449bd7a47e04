import type { SignedInUser } from "../store/browser-sessions.ts";
import type { Database } from "../store/database.ts";
import { groupsOf } from "../store/group-members.ts";
import { groupsMappedFrom } from "../store/provider-groups.ts";

/** A group whose limits apply to a user, and whether their identity provider's claim made it so. */
export interface QuotaGroup {
  group: string;
  fromProvider: boolean;
}

/**
 * The groups whose limits bind a signed-in user: every group they are a member of, and those
 * their sign-in's identity-provider groups are mapped to. Read from memberships, not from what
 * grants them permissions: a group may hold limits and no permission.
 */
export async function quotaGroupsOf(
  db: Database,
  user: Pick<SignedInUser, "id" | "providerGroups">,
): Promise<QuotaGroup[]> {
  const [own, mapped] = await Promise.all([
    groupsOf(db, user.id),
    groupsMappedFrom(db, user.providerGroups),
  ]);
  const groups = own.map((group) => ({ group, fromProvider: false }));
  for (const group of mapped.keys()) {
    if (!own.includes(group)) groups.push({ group, fromProvider: true });
  }
  return groups.sort((a, b) => a.group.localeCompare(b.group));
}

/** The names of the groups whose limits bind a user (`quotaGroupsOf`): what their acts count against. */
export async function quotaGroupNamesOf(
  db: Database,
  user: Pick<SignedInUser, "id" | "providerGroups">,
): Promise<string[]> {
  return (await quotaGroupsOf(db, user)).map(({ group }) => group);
}
