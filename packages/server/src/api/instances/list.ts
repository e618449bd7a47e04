import type { FastifyInstance } from "fastify";
import {
  instancesListQuerySchema,
  type AmsInstance,
  type ClusterInstance,
  type InstanceListOrderBy,
  type InstancesListParsed,
  type InstancesListResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { selectClusters } from "../../clusters/choose-cluster.ts";
import {
  clusterSliceQuery,
  pageAcrossClusters,
  type ClusterSlice,
} from "../../clusters/page-across-clusters.ts";
import { listQuery } from "../../input/route-schemas.ts";

import { acts } from "../../auth/route-acts.ts";
import { accessOf, type ViewScope } from "../../auth/access.ts";
import { listInstances } from "../../ams/instances.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";

/**
 * `GET /api/instances`: one page of the instances of the named clusters (all when none are named),
 * filtered, sorted and paged in the clusters, each with its `clusterId`, and how many match.
 * Across several clusters: `pageAcrossClusters`. Only what the user may view is listed, counted and
 * paged: a cluster they view whole as it is, else the instances granted to them one by one (their
 * ids given to the cluster as a filter, so that it still pages and counts).
 */
export function registerInstancesListRoute(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const eachInstance = acts.onEachItem("instance", "can_view");
  app.get(
    "/api/instances",
    {
      schema: { querystring: listQuery(instancesListQuerySchema, "instance list query") },
      config: { acts: eachInstance, answersEntitlements: true },
    },
    async (request): Promise<InstancesListResponse> => {
      const query = request.query;
      const access = accessOf(request);
      const scopes = new Map<string, ViewScope>();
      for (const cluster of access.visibleClusters(context.clusters)) {
        scopes.set(cluster.id, access.viewScope("instance", cluster.id));
      }
      const clusters = selectClusters(
        context.clusters.filter((cluster) => scopes.has(cluster.id)),
        query.subclusters,
      );
      return listInstancesOf(
        clusters.filter((cluster) => viewsAny(scopes.get(cluster.id))),
        query,
        (cluster) => scopes.get(cluster.id) ?? { all: true },
      );
    },
  );
}

function viewsAny(scope: ViewScope | undefined): boolean {
  return scope !== undefined && (scope.all || scope.ids.size > 0);
}

/**
 * One page of the instances of these clusters, and how many match in all of them, of those
 * `scopeOf` each cluster lets the user view.
 */
export function listInstancesOf(
  clusters: readonly ClusterHandle[],
  query: InstancesListParsed,
  scopeOf: (cluster: ClusterHandle) => ViewScope,
): Promise<InstancesListResponse> {
  return pageAcrossClusters(
    clusters,
    query,
    (cluster, limit, offset) => listCluster(cluster, query, scopeOf(cluster), limit, offset),
    instanceOrder(query.orderBy, query.order),
  );
}

async function listCluster(
  cluster: ClusterHandle,
  query: InstancesListParsed,
  scope: ViewScope,
  limit: number,
  offset: number,
): Promise<ClusterSlice<ClusterInstance>> {
  // A user granted no instance of the cluster asks it nothing: an empty id filter is no filter.
  if (!scope.all && scope.ids.size === 0) return { items: [], total: 0 };
  const { instances, total } = await listInstances(
    cluster,
    clusterListQuery(query, limit, offset, scope),
  );
  // A cluster without the id filter (a real AMS may ignore it) answers others too: never shown;
  // the list of the ones granted is then made here, from the whole list, to page and count it.
  if (!scope.all && instances.some((instance) => !scope.ids.has(instance.id))) {
    return listGrantedHere(cluster, query, scope.ids, limit, offset);
  }
  return { items: instances.map((instance) => ({ ...instance, clusterId: cluster.id })), total };
}

/** The cluster's largest page: its whole list is read in slices of this many. */
const wholeListSlice = 1000;

/**
 * One page of the instances of `ids` in a cluster that cannot filter by id: its whole list (with
 * the query's filters and order) read slice by slice, kept to those ids, then paged here.
 */
async function listGrantedHere(
  cluster: ClusterHandle,
  query: InstancesListParsed,
  ids: ReadonlySet<string>,
  limit: number,
  offset: number,
): Promise<ClusterSlice<ClusterInstance>> {
  const granted: ClusterInstance[] = [];
  for (let start = 0; ; start += wholeListSlice) {
    const slice = await listInstances(cluster, clusterListQuery(query, wholeListSlice, start));
    for (const instance of slice.instances) {
      if (ids.has(instance.id)) granted.push({ ...instance, clusterId: cluster.id });
    }
    if (slice.instances.length < wholeListSlice || start + wholeListSlice >= slice.total) break;
  }
  return { items: granted.slice(offset, offset + limit), total: granted.length };
}

/**
 * The cluster's `GET /1.0/instances` query for the dashboard's; with the ids of what the user may
 * view when they may not view the whole cluster (the `instance_id_list_filter` extension).
 */
export function clusterListQuery(
  query: InstancesListParsed,
  limit: number,
  offset: number,
  scope: ViewScope = { all: true },
): URLSearchParams {
  return clusterSliceQuery(query, limit, offset, {
    id: scope.all ? undefined : [...scope.ids].sort().join(","),
    status: query.status?.join(","),
    type: query.type,
    node: query.node,
    app_name: query.app_name,
    image_name: query.image_name,
    tags: query.tags?.join(","),
    search: query.search,
  });
}

/**
 * The order the clusters sort in: by the column, then by id, both in the direction asked for. Text
 * is compared by code unit, as SQLite's default collation compares it.
 */
export function instanceOrder(
  orderBy: InstanceListOrderBy,
  order: "asc" | "desc",
): (a: AmsInstance, b: AmsInstance) => number {
  const direction = order === "asc" ? 1 : -1;
  const compare = (left: string | number, right: string | number): number =>
    left < right ? -direction : left > right ? direction : 0;
  return (a, b) => compare(a[orderBy], b[orderBy]) || compare(a.id, b.id);
}
