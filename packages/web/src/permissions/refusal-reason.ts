import {
  allows,
  type Entitlement,
  type Permission,
  type ResourceName,
} from "@anbox-dashboard/contract";

/** The group that holds `admin` on `server` (store/authorization-groups.ts). */
const adminGroup = "admin";

/** What each group grants, as `GET /api/auth/permissions` tells it. */
export type GrantsByGroup = readonly { group: string; permissions: readonly Permission[] }[];

/**
 * Why an action is not available, as its tooltip says it: the entitlement it needs, on what, and
 * the groups that would grant it (LXD UI says only "You do not have permission").
 */
export function refusalReason(
  action: Entitlement,
  resource: ResourceName,
  grantsByGroup: GrantsByGroup,
): string {
  return refusalOnAny(action, [resource], resource, grantsByGroup);
}

/**
 * Why an action allowed on any of `resources` is not available on one (create an instance: on
 * a cluster), naming them as `where` says.
 */
export function refusalOnAny(
  action: Entitlement,
  resources: readonly ResourceName[],
  where: string,
  grantsByGroup: GrantsByGroup,
): string {
  const granting = grantsByGroup
    .filter(({ permissions }) =>
      resources.some((resource) => allows(permissions, action, resource)),
    )
    .map(({ group }) => group);
  // The admin group grants everything: naming it would send everyone to ask to be an admin.
  const narrower = granting.filter((group) => group !== adminGroup);
  const who =
    narrower.length === 0
      ? granting.length === 0
        ? "No group grants it yet: ask an administrator."
        : "Only the admin group grants it: ask an administrator to grant it to you."
      : narrower.length === 1
        ? `The group ${narrower[0] ?? ""} grants it: ask an administrator to add you.`
        : `The groups ${narrower.join(", ")} grant it: ask an administrator to add you to one.`;
  return `You need ${action} on ${where}. ${who}`;
}
