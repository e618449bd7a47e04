import type { FastifyInstance } from "fastify";
import {
  operationResourcesShown,
  operationsListQuerySchema,
  operationTypesOf,
  type ClusterOperation,
  type OperationsListParsed,
  type OperationsOrder,
  type OperationsOrderBy,
  type OperationsResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { HttpError, mapBounded } from "@anbox-dashboard/http-kit";
import { selectClusters } from "../clusters/choose-cluster.ts";
import { listEachCluster, unreachablePart } from "../clusters/each-cluster.ts";
import { parseInput } from "../input/parse-input.ts";
import { withoutEmptyValues } from "../input/query-values.ts";
import { listOperations, readResourceName } from "../ams/operations.ts";
import { acts } from "../auth/route-acts.ts";
import { accessOf } from "../auth/access.ts";
import { mayViewOperation, operationAsSeenBy } from "../auth/visible-operations.ts";
import { pageInMemory, sortInMemory } from "../clusters/in-memory-page.ts";

/**
 * `GET /api/operations?orderBy=&order=&subclusters=&status=&type=&page=&size=`: the operations of
 * the named clusters (all when none are named), each with its `clusterId`, filtered and sorted
 * here so that the list reads the same whatever order the clusters answer in. Default: newest
 * first. With `page` or `size`: that page, each operation with the names of the resources it
 * names, and how many match (`total_size`); without, every operation that matches. Only the
 * operations about resources the user may view.
 */
export function registerOperationsRoutes(app: FastifyInstance, context: ServerContext): void {
  const operations = acts.onEachItem("cluster", "can_view");
  app.get(
    "/api/operations",
    { config: { acts: operations } },
    async (request): Promise<OperationsResponse> => {
      const raw = withoutEmptyValues(request.query);
      const query = parseInput(operationsListQuerySchema, raw, "operations query");
      const access = accessOf(request);
      const clusters = selectClusters(access.visibleClusters(context.clusters), query.subclusters);
      const { items, unreachable } = await listEachCluster(clusters, operationsOf);
      const visible = items
        .filter((operation) => mayViewOperation(access, operation.clusterId, operation))
        .map((operation) => operationAsSeenBy(access, operation.clusterId, operation));
      const matching = sortOperations(filterOperations(visible, query), query.orderBy, query.order);
      const left = unreachablePart(unreachable);
      if (raw.page === undefined && raw.size === undefined) return { metadata: matching, ...left };
      const page = pageInMemory(matching, query);
      return {
        metadata: await withResourceNames(clusters, page.metadata),
        total_size: page.total_size,
        ...left,
      };
    },
  );
}

async function operationsOf(cluster: ClusterHandle): Promise<ClusterOperation[]> {
  const operations = await listOperations(cluster);
  return operations.map((operation) => ({ ...operation, clusterId: cluster.id }));
}

/** The operations of the statuses and types asked for (any of each); all when none are. */
export function filterOperations(
  operations: readonly ClusterOperation[],
  query: Pick<OperationsListParsed, "status" | "type">,
): ClusterOperation[] {
  const statuses = query.status?.length ? new Set(query.status) : undefined;
  const types = query.type?.length ? new Set(query.type) : undefined;
  return operations.filter(
    (operation) =>
      (statuses === undefined || statuses.has(operation.status)) &&
      (types === undefined ||
        operationTypesOf(operation.resources).some((type) => types.has(type))),
  );
}

/** The resources whose names a page shows: each is read by its URL, which answers a `name`. */
const namedResource = /^\/1\.0\/(instances|applications|images)\/[^/?#]+$/;

/** Name look-ups at once per cluster: a page holds at most 100 operations, a few resources each. */
const nameLookupConcurrency = 8;

/**
 * The operations with the names of the resources a row shows (the first few of each kind), read
 * from their clusters: AMS operations name their resources by id only. A resource that cannot be
 * read (deleted since, say) keeps its id: a name is a help, not worth failing the list over.
 */
async function withResourceNames(
  clusters: readonly ClusterHandle[],
  operations: readonly ClusterOperation[],
): Promise<ClusterOperation[]> {
  const urlsByCluster = new Map<string, Set<string>>();
  for (const operation of operations) {
    const urls = urlsByCluster.get(operation.clusterId) ?? new Set<string>();
    for (const list of Object.values(operation.resources)) {
      for (const url of list.slice(0, operationResourcesShown)) {
        if (namedResource.test(url)) urls.add(url);
      }
    }
    urlsByCluster.set(operation.clusterId, urls);
  }
  const names = new Map<string, string>();
  await Promise.all(
    clusters.map(async (cluster) => {
      const urls = [...(urlsByCluster.get(cluster.id) ?? [])];
      const found = await mapBounded(urls, nameLookupConcurrency, (url) => nameOf(cluster, url));
      urls.forEach((url, index) => {
        const name = found[index];
        if (name !== undefined) names.set(`${cluster.id} ${url}`, name);
      });
    }),
  );
  return operations.map((operation) => {
    const resourceNames: Record<string, string> = {};
    for (const list of Object.values(operation.resources)) {
      for (const url of list) {
        const name = names.get(`${operation.clusterId} ${url}`);
        if (name !== undefined) resourceNames[url] = name;
      }
    }
    return { ...operation, resourceNames };
  });
}

async function nameOf(cluster: ClusterHandle, url: string): Promise<string | undefined> {
  try {
    return await readResourceName(cluster, url);
  } catch (error) {
    // A cluster's refusal or silence (mapped by callCluster); anything else is a bug of ours.
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

/** Sorts by the column (times as times, text without case), then by cluster and id. */
export function sortOperations(
  operations: readonly ClusterOperation[],
  orderBy: OperationsOrderBy,
  order: OperationsOrder,
): ClusterOperation[] {
  return sortInMemory(operations, {
    column: (operation) => {
      if (orderBy === "created_at" || orderBy === "updated_at") {
        const time = Date.parse(operation[orderBy]);
        return Number.isNaN(time) ? 0 : time;
      }
      return operation[orderBy].toLowerCase();
    },
    order,
    ties: (operation) => [operation.clusterId, operation.id],
  });
}
