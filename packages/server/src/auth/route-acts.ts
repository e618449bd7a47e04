import type { FastifyRequest } from "fastify";
import { textOf } from "@anbox-dashboard/http-kit";
import { clusterAtIndex } from "../clusters/cluster-at-index.ts";
import type {
  ClusterResourceKind,
  Entitlement,
  ResourceEntitlement,
  ResourceKind,
  ResourceName,
  ServerEntitlement,
} from "./entitlements.ts";

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
 * - `each item`: a list or a bulk call, whose items each need `action`. Until the routes decide
 *   item by item (issue 37), only a grant over the whole server allows the call.
 */
export type RouteActs =
  | { on: "own-account" }
  | { on: ResourceKind; action: Entitlement; resource: ResourceReader }
  | { on: ClusterResourceKind | "cluster"; action: Entitlement; resource: "each item" };

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

/**
 * The cluster a request names, or the whole server when it names none: the route then looks for
 * what it acts on in every cluster.
 */
const theNamedClusterOrAll: ResourceReader = (request, clusters) => {
  const cluster = namedCluster(request, clusters);
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
   * `action` on a `kind` of the named cluster that the route finds from what the request gives
   * (a stream session's instance, a share link's): decided on the cluster, which a grant on the
   * cluster or the server covers, until the route decides on what it found (issue 37).
   */
  onOneFoundIn: (kind: ClusterResourceKind, action: ResourceEntitlement): RouteActs => ({
    on: kind,
    action,
    resource: theNamedClusterOrAll,
  }),
  /** `action` on each item of a list or a bulk call. */
  onEachItem: (kind: ClusterResourceKind | "cluster", action: Entitlement): RouteActs => ({
    on: kind,
    action,
    resource: "each item",
  }),
};
