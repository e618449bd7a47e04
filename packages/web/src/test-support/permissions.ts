import type { QueryClient } from "@tanstack/react-query";
import type { EffectivePermissions } from "@anbox-dashboard/contract";
import { queryKeys } from "../context/query-keys.ts";

/** An admin's permissions, as `GET /api/auth/permissions` answers them. */
export const adminPermissions: EffectivePermissions["metadata"] = {
  groups: ["admin"],
  providerGroups: [],
  groupsFromProvider: [],
  viewingAs: null,
  permissions: [{ entitlement: "admin", resource: "server", grantedBy: { group: "admin" } }],
  grantsByGroup: [{ group: "admin", permissions: [{ entitlement: "admin", resource: "server" }] }],
};

/**
 * Puts the signed-in user's permissions in the cache (an admin's unless told), as RequireSession
 * has them before any page shows: a component under test then asks for none.
 */
export function givePermissions(
  queryClient: QueryClient,
  permissions: EffectivePermissions["metadata"] = adminPermissions,
): QueryClient {
  queryClient.setQueryData(queryKeys.myPermissions(), permissions);
  return queryClient;
}
