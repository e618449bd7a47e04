import type { IdentitySummary } from "@anbox-dashboard/contract";
import type { UserRow } from "../../store/users.ts";
import type { Access } from "../../auth/access.ts";

/**
 * A user as the permissions API shows an identity to `access`: with the groups its reader may
 * view (another group's name is not theirs to learn).
 */
export function toIdentitySummary(
  user: UserRow,
  groups: readonly string[],
  access: Access,
): IdentitySummary {
  return {
    id: user.id,
    name: user.fullname,
    email: user.email,
    authentication_method: "oidc",
    groups: groups.filter((group) => access.allows("can_view", `group:${group}`)),
  };
}
