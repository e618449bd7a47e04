import type { FastifyInstance } from "fastify";
import {
  operationsOrderByValues,
  operationsOrderValues,
  type AmsOperation,
  type ClusterOperation,
  type OperationsOrder,
  type OperationsOrderBy,
  type OperationsResponse,
} from "@anbox-dashboard/contract";
import type { AuthContext, ClusterHandle } from "../auth/auth-context.ts";
import { ApiError } from "./api-error.ts";
import { selectClusters } from "./cluster-params.ts";
import { clusterFailure, clusterTimeoutMs } from "./cluster-failure.ts";

interface OperationsQuery {
  orderBy?: unknown;
  order?: unknown;
  subclusters?: unknown;
}

/**
 * `GET /api/operations?orderBy=&order=&subclusters=`: the operations of the named clusters (all
 * when none are named), each with its `clusterId`, sorted here so that the list reads the same
 * whatever order the clusters answer in. Default: newest first.
 */
export function registerOperationsRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get("/api/operations", async (request): Promise<OperationsResponse> => {
    if (!request.user) throw new ApiError(401, "You are not signed in.");
    const query = request.query as OperationsQuery;
    const orderBy = pickOne(query.orderBy, operationsOrderByValues, "created_at", "orderBy");
    const order = pickOne(query.order, operationsOrderValues, "desc", "order");
    const clusters = selectClusters(context.clusters, query.subclusters);
    const lists = await Promise.all(clusters.map(listOperations));
    return { metadata: sortOperations(lists.flat(), orderBy, order) };
  });
}

function pickOne<T extends string>(
  value: unknown,
  allowed: readonly T[],
  fallback: T,
  name: string,
): T {
  if (value === undefined || value === "") return fallback;
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) {
    throw new ApiError(400, `Invalid ${name}: use one of ${allowed.join(", ")}.`);
  }
  return found;
}

async function listOperations(cluster: ClusterHandle): Promise<ClusterOperation[]> {
  try {
    const result = await cluster.client.get<AmsOperation[]>(
      "/1.0/operations?recursion=1",
      AbortSignal.timeout(clusterTimeoutMs),
    );
    return result.metadata.map((operation) => ({ ...operation, clusterId: cluster.id }));
  } catch (error) {
    throw clusterFailure(cluster, "list its operations", error);
  }
}

/** Sorts by the column, then by id, so that equal values keep a stable order between calls. */
export function sortOperations(
  operations: ClusterOperation[],
  orderBy: OperationsOrderBy,
  order: OperationsOrder,
): ClusterOperation[] {
  const direction = order === "asc" ? 1 : -1;
  const key = (operation: ClusterOperation): string | number => {
    if (orderBy === "created_at" || orderBy === "updated_at") {
      const time = Date.parse(operation[orderBy]);
      return Number.isNaN(time) ? 0 : time;
    }
    return operation[orderBy].toLowerCase();
  };
  return [...operations].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    if (left < right) return -direction;
    if (left > right) return direction;
    return a.id < b.id ? -direction : a.id > b.id ? direction : 0;
  });
}
