import type { UnreachableCluster } from "@anbox-dashboard/contract";
import { askEachCluster, unreachablePart } from "./each-cluster.ts";
import type { ClusterHandle } from "./cluster-handle.ts";

/** The most a cluster lists at once (its `limit` maximum, as AMS's). */
const clusterPageLimit = 1000;

/** What a cluster answers for one request of its list: the items asked for and how many match. */
export interface ClusterSlice<T> {
  items: T[];
  total: number;
}

/** Asks one cluster for `limit` items of its list from `offset`, filtered and sorted as asked. */
export type ListClusterSlice<T> = (
  cluster: ClusterHandle,
  limit: number,
  offset: number,
) => Promise<ClusterSlice<T>>;

/**
 * One page of a list kept by the clusters (instances, nodes), and how many items match in all of
 * them. One cluster pages itself. Several clusters each answer their first `page × size` matches
 * in the same order; merged by that order (`compare`, the clusters' own), those hold the page,
 * whatever the clusters' shares of it.
 *
 * A cluster that does not answer (down, unreachable, timed out) is left out, and named in
 * `unreachable` with why: one cluster down never hides the others'. When none answers, the first
 * failure is the answer.
 */
export async function pageAcrossClusters<T>(
  clusters: readonly ClusterHandle[],
  { page, size }: { page: number; size: number },
  listSlice: ListClusterSlice<T>,
  compare: (a: T, b: T) => number,
): Promise<{ metadata: T[]; total_size: number; unreachable?: UnreachableCluster[] }> {
  const [first] = clusters;
  if (first === undefined) return { metadata: [], total_size: 0 };
  const firstIndex = (page - 1) * size;
  if (clusters.length === 1) {
    const slice = await listSlice(first, size, firstIndex);
    return { metadata: slice.items, total_size: slice.total };
  }
  const { answers: heads, unreachable } = await askEachCluster<ClusterHandle, ClusterSlice<T>>(
    clusters,
    (cluster) => listFirst(cluster, page * size, listSlice),
    { items: [], total: 0 },
  );
  const merged = mergeInOrder(
    heads.map((head) => head.items),
    compare,
    firstIndex + size,
  );
  return {
    metadata: merged.slice(firstIndex, firstIndex + size),
    total_size: heads.reduce((sum, head) => sum + head.total, 0),
    ...unreachablePart(unreachable),
  };
}

/** The cluster's first `count` matches, asked for in slices of at most what it lists at once. */
async function listFirst<T>(
  cluster: ClusterHandle,
  count: number,
  listSlice: ListClusterSlice<T>,
): Promise<ClusterSlice<T>> {
  const items: T[] = [];
  let total = 0;
  while (items.length < count) {
    const limit = Math.min(clusterPageLimit, count - items.length);
    const slice = await listSlice(cluster, limit, items.length);
    items.push(...slice.items);
    total = slice.total;
    if (slice.items.length < limit || items.length >= total) break;
  }
  return { items, total };
}

/**
 * The first `count` items of lists that are each sorted, merged: each list's own order is kept,
 * and the least head by `compare` is taken at each step. Each cluster's order is trusted as it is
 * (a PostgreSQL collation may order text unlike `compare`): so the first n merged items depend
 * only on the first n of each list, and pages asked one by one neither overlap nor leave a gap.
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

/**
 * A cluster's list query (`GET /1.0/instances`, `/1.0/nodes`) for one slice of the dashboard's
 * list: its items with their fields, `limit` from `offset`, sorted as asked, and the filters
 * given (one left out when undefined or empty).
 */
export function clusterSliceQuery(
  { orderBy, order }: { orderBy: string; order: "asc" | "desc" },
  limit: number,
  offset: number,
  filters: Readonly<Record<string, string | undefined>>,
): URLSearchParams {
  const search = new URLSearchParams({
    recursion: "1",
    limit: String(limit),
    offset: String(offset),
    order_by: orderBy,
    order,
  });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "") search.set(name, value);
  }
  return search;
}
