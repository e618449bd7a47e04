/**
 * What access is decided over, named as Anbox Cloud names it (../shared/reference/permissions.md),
 * with the cluster in front of each resource's id since the dashboard manages several:
 * `server`, `cluster:<cluster>`, `instance:<cluster>/<id>`, `application:<cluster>/<id>`,
 * `image:<cluster>/<id>`, `node:<cluster>/<name>`. A permission on `server` or on a cluster covers
 * what is inside it.
 */
export type ResourceKind = "server" | "cluster" | "instance" | "application" | "image" | "node";

/** The kinds that live inside a cluster: their names are `<kind>:<cluster>/<id>`. */
export type ClusterResourceKind = Exclude<ResourceKind, "server" | "cluster">;

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

/** A resource's name: `server`, `cluster:<cluster>` or `<kind>:<cluster>/<id>`. */
export type ResourceName =
  "server" | `cluster:${string}` | `${ClusterResourceKind}:${string}/${string}`;

/** What an identity holds: an entitlement on a resource (through a group, from issue 37 on). */
export interface Grant {
  entitlement: Entitlement;
  resource: ResourceName;
}

/** Whether a stored or given text is one of the entitlements. */
export function isEntitlement(text: string): text is Entitlement {
  return (
    (serverEntitlements as readonly string[]).includes(text) ||
    (resourceEntitlements as readonly string[]).includes(text)
  );
}

const resourceNamePattern =
  /^(?:server|cluster:[^/\s]+|(?:instance|application|image|node):[^/\s]+\/[^/\s]+)$/;

/** Whether a stored or given text names a resource as `ResourceName` spells it. */
export function isResourceName(text: string): text is ResourceName {
  return resourceNamePattern.test(text);
}
