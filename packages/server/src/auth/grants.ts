import type { SignedInUser } from "../store/browser-sessions.ts";
import type { Database } from "../store/database.ts";
import { grantsOf, type HeldGrant } from "../store/authorization-groups.ts";
import { ownerGrantsOf } from "../store/resource-owners.ts";

/** Where the decision gate reads what a signed-in user holds. */
export type GrantsSource = (user: SignedInUser) => Promise<readonly HeldGrant[]>;

/**
 * What a user holds now, read from the store on each request: their groups' permissions and what
 * they own. Read afresh so that a change (a member removed, a permission taken away) applies to
 * the next request, whichever dashboard process serves it.
 */
export function storedGrants(db: Database): GrantsSource {
  return async (user) => {
    const [fromGroups, asOwner] = await Promise.all([
      grantsOf(db, user.id),
      ownerGrantsOf(db, user.id),
    ]);
    return [...fromGroups, ...asOwner];
  };
}
