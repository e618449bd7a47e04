import { clusterOf, maySee } from "@anbox-dashboard/contract";
import type { SignedInUser } from "../store/browser-sessions.ts";
import type { Database } from "../store/database.ts";
import { grantsOf, type HeldGrant } from "../store/authorization-groups.ts";
import { ownerGrantsOf } from "../store/resource-owners.ts";
import { providerGrantsOf } from "../store/provider-groups.ts";

/** Where the decision gate reads what a signed-in user holds. */
export type GrantsSource = (user: SignedInUser) => Promise<readonly HeldGrant[]>;

/**
 * What a user holds now, read from the store: their groups' permissions, those of the groups their
 * sign-in's provider groups are mapped to (`providerGroups`: that sign-in's claim), the groups
 * they made, and what they own in the clusters those let them see. Ownership does not outlive the
 * group: someone taken out of the group that gave them a cluster loses what they made there too
 * (their streams and shells end).
 */
export async function grantsHeldBy(
  db: Database,
  userId: string,
  providerGroups: readonly string[] = [],
): Promise<HeldGrant[]> {
  const [direct, fromProvider, asOwner] = await Promise.all([
    grantsOf(db, userId),
    providerGrantsOf(db, providerGroups),
    ownerGrantsOf(db, userId),
  ]);
  const fromGroups = [...direct, ...fromProvider];
  const owned = asOwner.filter((grant) => {
    // A group one made is one's own to manage; a cluster's resource only while one sees it.
    const cluster = clusterOf(grant.resource);
    if (cluster === undefined) return grant.resource.startsWith("group:");
    return maySee(fromGroups, `cluster:${cluster}`);
  });
  return [...fromGroups, ...owned];
}

/**
 * The gate's source: read afresh on each request so that a change (a member removed, a permission
 * taken away) applies to the next request, whichever dashboard process serves it.
 */
export function storedGrants(db: Database): GrantsSource {
  return (user) => grantsHeldBy(db, user.id, user.providerGroups);
}
