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
import { callCluster } from "../../clusters/cluster-call.ts";
import { withoutEmptyValues } from "../../input/query-values.ts";
import { parseInput } from "../../input/parse-input.ts";

/** The most a cluster lists at once (its `limit` maximum, as AMS's). */
const clusterPageLimit = 1000;

/**
 * `GET /api/instances`: one page of the instances of the named clusters (all when none are named),
 * filtered, sorted and paged in the clusters, each with its `clusterId`, and how many match.
 *
 * One cluster pages itself. Several clusters each answer their first `page × size` matches in the
 * same order; merged by that order, those hold the page, whatever the clusters' shares of it.
 */
export function registerInstancesListRoute(app: FastifyInstance, context: ServerContext): void {
  app.get("/api/instances", async (request): Promise<InstancesListResponse> => {
    const query = parseInput(
      instancesListQuerySchema,
      withoutEmptyValues(request.query),
      "instance list query",
    );
    return listInstancesOf(selectClusters(context.clusters, query.subclusters), query);
  });
}

/** One page of the instances of these clusters, and how many match in all of them. */
export async function listInstancesOf(
  clusters: readonly ClusterHandle[],
  query: InstancesListParsed,
): Promise<InstancesListResponse> {
  const [first] = clusters;
  if (first === undefined) return { metadata: [], total_size: 0 };
  const firstIndex = (query.page - 1) * query.size;
  if (clusters.length === 1) {
    const page = await listCluster(first, query, query.size, firstIndex);
    return { metadata: page.instances, total_size: page.total };
  }
  const pages = await Promise.all(
    clusters.map((cluster) => listFirst(cluster, query, query.page * query.size)),
  );
  const merged = mergeInOrder(
    pages.map((page) => page.instances),
    instanceOrder(query.orderBy, query.order),
    firstIndex + query.size,
  );
  return {
    metadata: merged.slice(firstIndex, firstIndex + query.size),
    total_size: pages.reduce((sum, page) => sum + page.total, 0),
  };
}

interface ClusterPage {
  instances: ClusterInstance[];
  total: number;
}

/** The cluster's first `count` matches, asked for in pages of at most what it lists at once. */
async function listFirst(
  cluster: ClusterHandle,
  query: InstancesListParsed,
  count: number,
): Promise<ClusterPage> {
  const instances: ClusterInstance[] = [];
  let total = 0;
  while (instances.length < count) {
    const limit = Math.min(clusterPageLimit, count - instances.length);
    const page = await listCluster(cluster, query, limit, instances.length);
    instances.push(...page.instances);
    total = page.total;
    if (page.instances.length < limit || instances.length >= total) break;
  }
  return { instances, total };
}

async function listCluster(
  cluster: ClusterHandle,
  query: InstancesListParsed,
  limit: number,
  offset: number,
): Promise<ClusterPage> {
  const path = `/1.0/instances?${clusterListQuery(query, limit, offset).toString()}`;
  const result = await callCluster(cluster, (signal) =>
    cluster.client.get<AmsInstance[]>(path, signal),
  );
  return {
    instances: result.metadata.map((instance) => ({ ...instance, clusterId: cluster.id })),
    total: result.totalSize ?? result.metadata.length,
  };
}

/** The cluster's `GET /1.0/instances` query for the dashboard's. */
export function clusterListQuery(
  query: InstancesListParsed,
  limit: number,
  offset: number,
): URLSearchParams {
  const search = new URLSearchParams({
    recursion: "1",
    limit: String(limit),
    offset: String(offset),
    order_by: query.orderBy,
    order: query.order,
  });
  const optional: Record<string, string | undefined> = {
    status: query.status?.join(","),
    type: query.type,
    node: query.node,
    app_name: query.app_name,
    image_name: query.image_name,
    tags: query.tags?.join(","),
    search: query.search,
  };
  for (const [name, value] of Object.entries(optional)) {
    if (value !== undefined && value !== "") search.set(name, value);
  }
  return search;
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

/**
 * The first `count` items of lists that are each sorted, merged: each list's own order is kept,
 * and the least head by `compare` is taken at each step. Each cluster's order is trusted as it is (a PostgreSQL collation may
 * order text unlike `compare`): so the first n merged items depend only on the first n of each
 * list, and pages asked one by one neither overlap nor leave a gap.
 */
export function mergeInOrder<T>(
  lists: readonly (readonly T[])[],
  compare: (a: T, b: T) => number,
  count = Infinity,
): T[] {
  const positions = lists.map(() => 0);
  const merged: T[] = [];
  while (merged.length < count) {
    let best: { index: number; item: T } | undefined;
    for (const [index, list] of lists.entries()) {
      const position = positions[index] ?? list.length;
      if (position >= list.length) continue;
      const item = list[position] as T;
      if (best === undefined || compare(item, best.item) < 0) best = { index, item };
    }
    if (best === undefined) return merged;
    merged.push(best.item);
    positions[best.index] = (positions[best.index] ?? 0) + 1;
  }
  return merged;
}
