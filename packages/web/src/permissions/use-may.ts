import { useMemo } from "react";
import type { Cluster } from "../api/clusters.ts";
import { allows, type Entitlement, type ResourceName } from "@anbox-dashboard/contract";
import { useMyPermissions } from "../queries/permissions.ts";
import { refusalOnAny, refusalReason } from "./refusal-reason.ts";
import { useClusters } from "../queries/clusters.ts";

/**
 * Asks what the signed-in user may do, with the same function the server decides with: `may`
 * answers undefined when `action` on `resource` is allowed, else the reason it is not (for the
 * action's tooltip). While the permissions are still loading every action is offered: the server
 * decides anyway, and a page should not flash every button disabled.
 */
export function useMay(): {
  may: (action: Entitlement, resource: ResourceName) => string | undefined;
  /** Whether the user holds `action` on any resource at all (an area of the navigation). */
  holdsAnywhere: (matches: (resource: ResourceName) => boolean, action: Entitlement) => boolean;
  loaded: boolean;
} {
  const { data } = useMyPermissions();
  return {
    loaded: data !== undefined,
    may: (action, resource) => {
      if (data === undefined) return undefined;
      if (allows(data.permissions, action, resource)) return readOnlyReason(data.viewingAs, action);
      return refusalReason(action, resource, data.grantsByGroup);
    },
    holdsAnywhere: (matches, action) =>
      data === undefined ||
      data.permissions.some(
        (permission) =>
          (permission.entitlement === action || permission.entitlement === "admin") &&
          (permission.resource === "server" || matches(permission.resource)),
      ),
  };
}

/**
 * Why the user may not create with `action` (`can_create_instances`...) on any cluster, or
 * undefined when they may on one (the form then offers the clusters). Undefined while unknown.
 */
export function useMayOnSomeCluster(action: Entitlement): string | undefined {
  const { data } = useMyPermissions();
  const clusters = useClusters().data;
  if (data === undefined || clusters === undefined) return undefined;
  const resources = clusters.map((cluster): ResourceName => `cluster:${cluster.id}`);
  if (resources.some((resource) => allows(data.permissions, action, resource))) {
    return readOnlyReason(data.viewingAs, action);
  }
  return refusalOnAny(action, resources, "a cluster", data.grantsByGroup);
}

/**
 * The clusters on which the user may do `action` (all of them while their permissions load), the
 * same array from render to render while neither changes: what a form offers to create on.
 */
export function useClustersAllowing(action: Entitlement): readonly Cluster[] | undefined {
  const { data } = useMyPermissions();
  const clusters = useClusters().data;
  return useMemo(
    () =>
      clusters?.filter(
        (cluster) =>
          data === undefined || allows(data.permissions, action, `cluster:${cluster.id}`),
      ),
    [clusters, data, action],
  );
}

/** The entitlements that read, which an admin viewing as someone may use as them. */
const reads: ReadonlySet<Entitlement> = new Set([
  "can_view",
  "can_view_logs",
  "can_view_config",
  "can_view_registry_applications",
  "can_view_audit",
]);

/**
 * Why an action the viewed identity may take is not available while an admin views the dashboard
 * as them (read-only: the server refuses it), saying that they may; undefined otherwise.
 */
function readOnlyReason(
  viewingAs: { name: string; email: string } | null,
  action: Entitlement,
): string | undefined {
  if (viewingAs === null || reads.has(action)) return undefined;
  const who = viewingAs.name || viewingAs.email;
  return `${who} may do this. You are viewing the dashboard as them: it is read-only.`;
}
