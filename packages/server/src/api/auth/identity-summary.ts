import type { IdentitySummary } from "@anbox-dashboard/contract";
import type { UserRow } from "../../store/users.ts";
import type { Access } from "../../auth/access.ts";

/**
 * A user as the permissions API shows an identity to `access`: with the groups its reader may
 * view (another group's name is not theirs to learn), its own and those its latest sign-in's
 * provider groups map to.
 */
export function toIdentitySummary(
  user: UserRow,
  groups: readonly string[],
  access: Access,
  fromProvider: readonly string[] = [],
): IdentitySummary {
  const viewable = (group: string) => access.allows("can_view", `group:${group}`);
  return {
    id: user.id,
    name: user.fullname,
    email: user.email,
    authentication_method: "oidc",
    groups: groups.filter(viewable),
    groups_from_provider: fromProvider.filter(viewable),
  };
}
