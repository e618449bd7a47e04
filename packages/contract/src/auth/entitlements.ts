/**
 * What access is decided over, named as Anbox Cloud names it (../shared/reference/permissions.md),
 * with the cluster in front of each cluster resource's id since the dashboard manages several:
 * `server`, `cluster:<cluster>`, `instance:<cluster>/<id>`, `application:<cluster>/<id>`,
 * `image:<cluster>/<id>`, `node:<cluster>/<name>`, and the dashboard's own `group:<name>` and
 * `identity:<id>`. A permission on `server` or on a cluster covers what is inside it.
 */
export const resourceKinds = [
  "server",
  "cluster",
  "instance",
  "application",
  "image",
  "node",
  "group",
  "identity",
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/** The kinds that live inside a cluster: their names are `<kind>:<cluster>/<id>`. */
export const clusterResourceKinds = ["instance", "application", "image", "node"] as const;
export type ClusterResourceKind = (typeof clusterResourceKinds)[number];

/** The dashboard's own kinds: `group:<name>`, `identity:<id>`. */
export type DashboardResourceKind = "group" | "identity";

/** Entitlements on the whole server or on one cluster (what Anbox grants on `server`). */
export const serverEntitlements = [
  "admin",
  "can_view",
  "can_view_config",
  "can_edit_config",
  "can_view_registry_applications",
  "can_push_registry_applications",
  "can_pull_registry_applications",
  "can_delete_registry_applications",
  "can_create_instances",
  "can_create_applications",
  "can_create_images",
  "can_create_nodes",
  "can_create_groups",
  "can_register_identities",
  "can_view_audit",
] as const;
export type ServerEntitlement = (typeof serverEntitlements)[number];

/**
 * Entitlements on one resource: Anbox's, plus `can_stream` (join and control an instance's stream)
 * and `can_share` (its share links), which neither Anbox nor LXD has.
 */
export const resourceEntitlements = [
  "can_view",
  "can_edit",
  "can_delete",
  "can_view_logs",
  "can_exec",
  "can_publish",
  "can_stream",
  "can_share",
] as const;
export type ResourceEntitlement = (typeof resourceEntitlements)[number];

export type Entitlement = ServerEntitlement | ResourceEntitlement;

/** A resource's name: `server`, `cluster:<cluster>`, `<kind>:<cluster>/<id>`, `group:<name>`... */
export type ResourceName =
  | "server"
  | `cluster:${string}`
  | `${ClusterResourceKind}:${string}/${string}`
  | `${DashboardResourceKind}:${string}`;

/** What an identity holds: an entitlement on a resource, through a group or as an owner. */
export interface Grant {
  entitlement: Entitlement;
  resource: ResourceName;
}

/** What an owner holds on what they made (an instance, an application, an image). */
export const ownerEntitlements = [
  "can_view",
  "can_edit",
  "can_delete",
  "can_stream",
  "can_share",
  "can_view_logs",
  "can_exec",
] as const satisfies readonly ResourceEntitlement[];

/** Whether a stored or given text is one of the entitlements. */
export function isEntitlement(text: string): text is Entitlement {
  return (
    (serverEntitlements as readonly string[]).includes(text) ||
    (resourceEntitlements as readonly string[]).includes(text)
  );
}

// No part holds a slash (it separates the cluster), a comma (lists of ids are comma-joined) or a space.
const resourceNamePattern =
  /^(?:server|cluster:[^/\s,]+|(?:instance|application|image|node):[^/\s,]+\/[^/\s,]+|(?:group|identity):[^/\s,]+)$/;

/** Whether a stored or given text names a resource as `ResourceName` spells it. */
export function isResourceName(text: string): text is ResourceName {
  return resourceNamePattern.test(text);
}

/** The kind of a resource: `instance` for `instance:lab/c1`, `server` for `server`. */
export function kindOf(resource: ResourceName): ResourceKind {
  if (resource === "server") return "server";
  return resource.slice(0, resource.indexOf(":")) as ResourceKind;
}
