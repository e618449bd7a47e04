import type { FastifyRequest } from "fastify";
import { textOf } from "@anbox-dashboard/http-kit";
import { clusterAtIndex } from "../clusters/cluster-at-index.ts";
import type {
  ClusterResourceKind,
  DashboardResourceKind,
  Entitlement,
  ResourceEntitlement,
  ResourceKind,
  ResourceName,
  ServerEntitlement,
} from "@anbox-dashboard/contract";

/** The clusters, in configuration order: a socket's path names one by its position. */
export type ClusterIds = readonly { readonly id: string }[];

/** How a route's resource is read from the request it matched (its path and query). */
export type ResourceReader = (request: FastifyRequest, clusters: ClusterIds) => ResourceName;

/**
 * What a signed-in route acts on and what it does, declared where it is registered
 * (`config: { acts }`), beside `access`; the decision gate (decision-gate.ts) reads it from the
 * route that matched and decides before the body is read:
 * - `own-account`: the signed-in user's own things (their profile, sessions, tour, session info):
 *   any signed-in user.
 * - a resource read from the request: `action` on it (`can_delete` on `instance:lab/c1`).
 * - `each item`: a list or a bulk call, whose items each need `action`: the route asks the
 *   request's access (access.ts) item by item, showing only what may be viewed and answering each
 *   item of a bulk call.
 * - `found by the route`: one resource the route finds from what the request gives (a stream
 *   session's instance, a share link's): the gate refuses at once a user who holds `action` on
 *   nothing in the cluster named, and the route decides on what it found (`accessOf().require`).
 */
export type RouteActs =
  | { on: "own-account" }
  | { on: ResourceKind; action: Entitlement; resource: ResourceReader }
  | {
      on: ClusterResourceKind | DashboardResourceKind | "cluster";
      action: Entitlement;
      resource: "each item";
    }
  | {
      on: ClusterResourceKind;
      action: Entitlement;
      resource: "found by the route";
      cluster: (request: FastifyRequest, clusters: ClusterIds) => string | undefined;
    };

declare module "fastify" {
  interface FastifyContextConfig {
    acts?: RouteActs;
  }
}

/**
 * The cluster a request names, where its route reads it: a socket path's `:clusterIndex` (its
 * position in `GET /api/clusters`; a `?clusterId=` beside it is not what the relay uses, so it is
 * not what is decided on), else `?clusterId=`. Undefined when it names none, or an index that does
 * not exist (the route then refuses it with its own message).
 */
function namedCluster(request: FastifyRequest, clusters: ClusterIds): string | undefined {
  if (textOf(request.params, "clusterIndex") !== undefined) {
    return clusterAtIndex(request, clusters).cluster?.id;
  }
  return textOf(request.query, "clusterId");
}

/**
 * The cluster a request acts on: the one it names, else the first (as a route that takes the
 * first when none is named does; one that requires a name refuses the request after this).
 */
function clusterActedOn(request: FastifyRequest, clusters: ClusterIds): string | undefined {
  return namedCluster(request, clusters) ?? clusters[0]?.id;
}

const theCluster: ResourceReader = (request, clusters) => {
  const cluster = clusterActedOn(request, clusters);
  return cluster === undefined ? "server" : `cluster:${cluster}`;
};

function oneResource(kind: ClusterResourceKind, idParam: string): ResourceReader {
  return (request, clusters) => {
    const cluster = clusterActedOn(request, clusters);
    const id = textOf(request.params, idParam);
    if (cluster === undefined) return "server";
    return id === undefined ? `cluster:${cluster}` : `${kind}:${cluster}/${id}`;
  };
}

/** The declarations routes make, each reading its resource the same way. */
export const acts = {
  /** The signed-in user's own things: any signed-in user may. */
  ownAccount: { on: "own-account" } satisfies RouteActs,
  /** `action` on the cluster the request names (`?clusterId=`, `:clusterIndex`). */
  onCluster: (action: ServerEntitlement): RouteActs => ({
    on: "cluster",
    action,
    resource: theCluster,
  }),
  /** `action` on one resource of the named cluster, its id in the path parameter `idParam`. */
  onResource: (
    kind: ClusterResourceKind,
    action: ResourceEntitlement,
    idParam = "id",
  ): RouteActs => ({ on: kind, action, resource: oneResource(kind, idParam) }),
  /**
   * `action` on a `kind` that the route finds from what the request gives (a stream session's
   * instance, a share link's), in the cluster the request names or in any: the route decides on
   * what it found.
   */
  onOneFoundIn: (kind: ClusterResourceKind, action: ResourceEntitlement): RouteActs => ({
    on: kind,
    action,
    resource: "found by the route",
    cluster: namedCluster,
  }),
  /** `action` on the whole dashboard (`server`): its groups, its registration links. */
  onServer: (action: ServerEntitlement): RouteActs => ({
    on: "server",
    action,
    resource: () => "server",
  }),
  /** `action` on one of the dashboard's groups or identities, named by the path parameter. */
  onNamed: (
    kind: DashboardResourceKind,
    action: ResourceEntitlement,
    param: string,
  ): RouteActs => ({
    on: kind,
    action,
    resource: (request) => `${kind}:${textOf(request.params, param) ?? ""}`,
  }),
  /** `action` on each item of a list or a bulk call. */
  onEachItem: (
    kind: ClusterResourceKind | DashboardResourceKind | "cluster",
    action: Entitlement,
  ): RouteActs => ({
    on: kind,
    action,
    resource: "each item",
  }),
};
