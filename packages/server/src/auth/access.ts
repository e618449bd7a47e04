import type { FastifyRequest } from "fastify";
import {
  allows,
  clusterOf,
  decide,
  maySee,
  type ClusterResourceKind,
  type Decision,
  type Entitlement,
  type ResourceName,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { HeldGrant } from "../store/authorization-groups.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** What the signed-in user may do, read by the decision gate (decision-gate.ts). */
    access: Access | null;
  }
}

/** The items of one kind a user may view in one cluster: all of them, or those of these ids. */
export type ViewScope = { all: true } | { all: false; ids: ReadonlySet<string> };

/**
 * What a signed-in user holds, read once per request, and the questions routes ask of it. Every
 * answer comes from `decide` (the one function that decides, shared with the web), so a route that
 * filters a list and the gate that refuses a call cannot disagree.
 */
export class Access {
  readonly grants: readonly HeldGrant[];

  constructor(grants: readonly HeldGrant[]) {
    this.grants = grants;
  }

  decide(action: Entitlement, resource: ResourceName): Decision {
    return decide(this.grants, action, resource);
  }

  allows(action: Entitlement, resource: ResourceName): boolean {
    return allows(this.grants, action, resource);
  }

  /** Whether the user may know that `resource` exists (decide.ts, `maySee`). */
  maySee(resource: ResourceName): boolean {
    return maySee(this.grants, resource);
  }

  /**
   * Throws the refusal when `action` on `resource` is not allowed: a 404 when the user may not
   * even view it (a 403 would tell them it exists), in the route's own words for what it did not
   * find when given (`notFound`: a resource found from a session id should not be named), else a
   * 403 naming what was missing.
   */
  require(action: Entitlement, resource: ResourceName, notFound?: string): void {
    const decision = this.decide(action, resource);
    if (decision.allowed) return;
    if (decision.hidden && notFound !== undefined) throw new PermissionRefusal(404, notFound);
    throw refusal(decision, resource);
  }

  /** The clusters in which the user may see anything, in the order given. */
  visibleClusters<T extends { id: string }>(clusters: readonly T[]): T[] {
    return clusters.filter((cluster) => this.maySee(`cluster:${cluster.id}`));
  }

  /**
   * The `kind` items of `cluster` the user may view: every one when a grant on the cluster or the
   * server allows it, else those a grant names one by one (theirs as owner, or given to a group).
   */
  viewScope(kind: ClusterResourceKind, cluster: string): ViewScope {
    if (this.allows("can_view", `cluster:${cluster}`)) return { all: true };
    const prefix = `${kind}:${cluster}/`;
    const ids = new Set<string>();
    for (const grant of this.grants) {
      if (grant.resource.startsWith(prefix) && this.allows("can_view", grant.resource)) {
        ids.add(grant.resource.slice(prefix.length));
      }
    }
    return { all: false, ids };
  }

  /** The items of a list the user may view (read whole from their clusters, then kept or not). */
  viewable<T extends { clusterId: string; id: string }>(
    kind: ClusterResourceKind,
    items: readonly T[],
  ): T[] {
    return items.filter((item) => this.allows("can_view", `${kind}:${item.clusterId}/${item.id}`));
  }

  /**
   * Whether the user holds what allows `action` on something in `cluster` (anywhere, when none is
   * given): the gate's first question for a route that finds its resource itself. Asked as
   * `allows` asks it, of the cluster (a grant on it or the server) or of a resource inside it.
   */
  holdsAnywhere(action: Entitlement, cluster: string | undefined): boolean {
    return this.grants.some((grant) => {
      const inside =
        cluster === undefined ||
        grant.resource === "server" ||
        clusterOf(grant.resource) === cluster;
      return inside && allows([grant], action, grant.resource);
    });
  }
}

/** A refusal by the permission check, which the audit trail records as such (not a failure). */
export class PermissionRefusal extends HttpError {}

/** The answer to a refused decision: a 404 for what its user may not view, else a 403. */
export function refusal(
  decision: Extract<Decision, { allowed: false }>,
  resource: ResourceName,
): PermissionRefusal {
  return decision.hidden
    ? new PermissionRefusal(404, `There is no ${resource}, or you may not view it.`)
    : new PermissionRefusal(403, `You may not do this: ${decision.missing}.`);
}

/** The access of a request to a session route, which the decision gate read before it ran. */
export function accessOf(request: FastifyRequest): Access {
  if (request.access === null) throw new HttpError(401, "You are not signed in.");
  return request.access;
}
