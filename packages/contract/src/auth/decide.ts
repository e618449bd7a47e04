import {
  resourceEntitlements,
  type Entitlement,
  type Grant,
  type ResourceName,
} from "./entitlements.ts";

export type Decision =
  | { allowed: true }
  | {
      allowed: false;
      /** What was missing, as a refusal names it: "needs can_delete on instance:lab/c1". */
      missing: string;
      /** Whether the resource is one its user may not even view: then it is answered as absent. */
      hidden: boolean;
    };

/** The cluster a resource lives in (`lab` for `instance:lab/c1` and `cluster:lab`), if any. */
export function clusterOf(resource: ResourceName): string | undefined {
  if (resource === "server") return undefined;
  const [kind, rest = ""] = splitOnce(resource, ":");
  if (kind === "cluster") return rest;
  if (kind === "group" || kind === "identity") return undefined;
  return splitOnce(rest, "/")[0];
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Whether a resource is one of the dashboard's own (`group:<name>`, `identity:<id>`). */
function isDashboardResource(resource: ResourceName): boolean {
  return resource.startsWith("group:") || resource.startsWith("identity:");
}

/**
 * Whether a grant of `entitlement` on `holder` reaches `resource`: the same one, or a server or
 * cluster around it. The dashboard's own groups and identities are reached from the server by
 * `admin` alone: `can_edit` on the server is about the clusters' resources, and must not let its
 * holder put themselves in a group (the admin group among them).
 */
export function covers(
  holder: ResourceName,
  resource: ResourceName,
  entitlement: Entitlement = "admin",
): boolean {
  if (holder === resource) return true;
  if (holder === "server") return !isDashboardResource(resource) || entitlement === "admin";
  const cluster = clusterOf(resource);
  return cluster !== undefined && holder === `cluster:${cluster}`;
}

/** Server entitlements about the dashboard's own groups and identities, not about clusters. */
const dashboardOnly: ReadonlySet<Entitlement> = new Set([
  "can_create_groups",
  "can_register_identities",
  "can_view_audit",
]);

const resourceEntitlementSet: ReadonlySet<Entitlement> = new Set(resourceEntitlements);

/**
 * Whether these grants allow `action` on `resource`. `admin` allows every action on what it
 * covers; any other entitlement allows itself; and viewing a resource is allowed by any of the
 * resource entitlements on it (one may stream, edit or delete only what one can see).
 */
export function allows(
  grants: readonly Grant[],
  action: Entitlement,
  resource: ResourceName,
): boolean {
  return grants.some(
    (grant) =>
      (grant.entitlement === action ||
        grant.entitlement === "admin" ||
        (action === "can_view" && resourceEntitlementSet.has(grant.entitlement))) &&
      covers(grant.resource, resource, grant.entitlement),
  );
}

/**
 * Whether these grants let their holder know that `resource` exists: the server always; a cluster
 * when they hold anything on it or inside it (or on the server, but for groups and identities); anything else when they may view it.
 */
export function maySee(grants: readonly Grant[], resource: ResourceName): boolean {
  if (resource === "server") return true;
  if (resource.startsWith("cluster:")) {
    const cluster = clusterOf(resource);
    return grants.some((grant) =>
      grant.resource === "server"
        ? !dashboardOnly.has(grant.entitlement)
        : clusterOf(grant.resource) === cluster,
    );
  }
  return allows(grants, "can_view", resource);
}

/**
 * The one place access is decided: whether these grants allow `action` on `resource`. A refusal
 * says what was missing, as a 403's message names it ("needs can_delete on instance:lab/c1"), and
 * whether the resource is hidden from its user (answered as a 404, not a 403: a refusal would
 * tell them it exists).
 */
export function decide(
  grants: readonly Grant[],
  action: Entitlement,
  resource: ResourceName,
): Decision {
  if (allows(grants, action, resource)) return { allowed: true };
  return {
    allowed: false,
    missing: `needs ${action} on ${resource}`,
    hidden: !maySee(grants, resource),
  };
}
