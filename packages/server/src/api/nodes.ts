import type { FastifyInstance } from "fastify";
import {
  nodeDeleteSchema,
  nodeNameParamsSchema,
  nodePatchSchema,
  nodeSortKey,
  nodesListQuerySchema,
  nodesPostSchema,
  type AmsNode,
  type AmsOperation,
  type ClusterNode,
  type ClusterOperation,
  type NodeListOrderBy,
  type NodesListParsed,
  type NodesListResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { requireCluster, selectClusters } from "../clusters/choose-cluster.ts";
import { addNode, changeNode, getNode, listNodes, removeNode } from "../ams/nodes.ts";
import { clusterIdOf } from "../input/query-values.ts";

import {
  clusterSliceQuery,
  pageAcrossClusters,
  type ClusterSlice,
} from "../clusters/page-across-clusters.ts";
import { acts } from "../auth/route-acts.ts";
import { accessOf } from "../auth/access.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { bodyOrEmpty, listQuery } from "../input/route-schemas.ts";

/**
 * `GET /api/nodes`: one page of the nodes of the named clusters (all when none are named), each
 * with its `clusterId`, filtered, sorted and paged by the clusters, and how many match.
 * `GET/PATCH/DELETE /api/nodes/{name}?clusterId=` and `POST /api/nodes?clusterId=`: one node of
 * one cluster; each write answers 202 with the cluster's operation. A removal the cluster refuses
 * (instances still on the node) answers its 400 and its words.
 */
export function registerNodesRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const clusterOf = (query: unknown) => requireCluster(context.clusters, clusterIdOf(query));
  const withCluster = (cluster: ClusterHandle, operation: AmsOperation): ClusterOperation => ({
    ...operation,
    clusterId: cluster.id,
  });

  app.get(
    "/api/nodes",
    {
      schema: { querystring: listQuery(nodesListQuerySchema, "node list") },
      config: { acts: acts.onEachItem("node", "can_view"), answersEntitlements: true },
    },
    async (request): Promise<NodesListResponse> => {
      const query = request.query;
      // Nodes are listed from the clusters the user may view whole; one granted a single node
      // opens its page by name.
      const access = accessOf(request);
      const clusters = selectClusters(access.visibleClusters(context.clusters), query.subclusters);
      return listNodesOf(
        clusters.filter((cluster) => access.viewScope("node", cluster.id).all),
        query,
      );
    },
  );

  app.get(
    "/api/nodes/:name",
    {
      schema: { params: nodeNameParamsSchema.describe("node") },
      config: { acts: acts.onResource("node", "can_view", "name"), answersEntitlements: true },
    },
    async (request): Promise<{ metadata: ClusterNode }> => {
      const { name } = request.params;
      const cluster = clusterOf(request.query);
      return { metadata: { ...(await getNode(cluster, name)), clusterId: cluster.id } };
    },
  );

  app.post(
    "/api/nodes",
    {
      schema: { body: nodesPostSchema.describe("node") },
      config: { idempotent: true, acts: acts.onCluster("can_create_nodes") },
    },
    async (request, reply): Promise<{ metadata: ClusterOperation }> => {
      const cluster = clusterOf(request.query);
      const body = request.body;
      const operation = await addNode(cluster, body);
      void reply.code(202);
      return { metadata: withCluster(cluster, operation) };
    },
  );

  app.patch(
    "/api/nodes/:name",
    {
      schema: {
        params: nodeNameParamsSchema.describe("node"),
        body: nodePatchSchema.describe("node change"),
      },
      config: { acts: acts.onResource("node", "can_edit", "name") },
    },
    async (request, reply): Promise<{ metadata: ClusterOperation }> => {
      const cluster = clusterOf(request.query);
      const operation = await changeNode(cluster, request.params.name, request.body);
      void reply.code(202);
      return { metadata: withCluster(cluster, operation) };
    },
  );

  app.delete(
    "/api/nodes/:name",
    {
      schema: {
        params: nodeNameParamsSchema.describe("node"),
        body: bodyOrEmpty(nodeDeleteSchema, "node removal"),
      },
      config: { acts: acts.onResource("node", "can_delete", "name") },
    },
    async (request, reply): Promise<{ metadata: ClusterOperation }> => {
      const cluster = clusterOf(request.query);
      const operation = await removeNode(cluster, request.params.name, request.body);
      void reply.code(202);
      return { metadata: withCluster(cluster, operation) };
    },
  );
}

/** One page of the nodes of these clusters and how many match in all (`pageAcrossClusters`). */
function listNodesOf(
  clusters: readonly ClusterHandle[],
  query: NodesListParsed,
): Promise<NodesListResponse> {
  return pageAcrossClusters(
    clusters,
    query,
    (cluster, limit, offset) => listCluster(cluster, query, limit, offset),
    nodeOrder(query.orderBy, query.order),
  );
}

async function listCluster(
  cluster: ClusterHandle,
  query: NodesListParsed,
  limit: number,
  offset: number,
): Promise<ClusterSlice<ClusterNode>> {
  const search = clusterSliceQuery(query, limit, offset, {
    search: query.search,
    status: query.status?.join(","),
    unschedulable: query.unschedulable === undefined ? undefined : String(query.unschedulable),
  });
  const result = await listNodes(cluster, search);
  return {
    items: result.metadata.map((node) => ({ ...node, clusterId: cluster.id })),
    total: result.totalSize ?? result.metadata.length,
  };
}

/** The clusters' order: by the column, then by name, both in the direction asked for. */
function nodeOrder(
  orderBy: NodeListOrderBy,
  order: "asc" | "desc",
): (a: AmsNode, b: AmsNode) => number {
  const direction = order === "asc" ? 1 : -1;
  const compare = (left: string | number, right: string | number): number =>
    left < right ? -direction : left > right ? direction : 0;
  return (a, b) =>
    compare(nodeSortKey(a, orderBy), nodeSortKey(b, orderBy)) || compare(a.name, b.name);
}
