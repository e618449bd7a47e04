import type { FastifyInstance } from "fastify";
import {
  applicationsListQuerySchema,
  type AmsApplication,
  type ApplicationsListParsed,
  type ApplicationsListResponse,
  type ClusterApplication,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { ApiError } from "../http/api-error.ts";
import { requireCluster, selectClusters } from "../clusters/choose-cluster.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import { parseInput } from "../input/parse-input.ts";

/** `GET /api/applications/{id}?clusterId=`. */
export interface ApplicationResponse {
  metadata: ClusterApplication;
}

/**
 * `GET /api/applications` and `GET /api/applications/{id}?clusterId=`: the applications the
 * instance form picks a source from, each with its `clusterId`.
 */
export function registerApplicationsRoutes(app: FastifyInstance, context: ServerContext): void {
  // The cluster's `GET /1.0/applications` pages, but only filters on exact values and always
  // lists newest first: it cannot search a part of a name nor sort by name. So each cluster's
  // whole list is read (a cluster holds tens of applications, not the thousands of instances) and
  // searched, sorted and paged here, which also gives one order across clusters.
  app.get("/api/applications", async (request): Promise<ApplicationsListResponse> => {
    if (!request.user) throw new ApiError(401, "You are not signed in.");
    const query = parseInput(applicationsListQuerySchema, request.query ?? {}, "query");
    const clusters = selectClusters(context.clusters, query.subclusters);
    const lists = await Promise.all(clusters.map(listApplications));
    return pageApplications(lists.flat(), query);
  });

  app.get("/api/applications/:id", async (request): Promise<ApplicationResponse> => {
    if (!request.user) throw new ApiError(401, "You are not signed in.");
    const { id } = request.params as { id: string };
    const { clusterId } = request.query as { clusterId?: unknown };
    const cluster = requireCluster(context.clusters, clusterId);
    return { metadata: await readApplication(cluster, id) };
  });
}

async function listApplications(cluster: ClusterHandle): Promise<ClusterApplication[]> {
  const result = await callCluster(cluster, (signal) =>
    cluster.client.get<AmsApplication[]>("/1.0/applications?recursion=1", signal),
  );
  return result.metadata.map((application) => ({ ...application, clusterId: cluster.id }));
}

/** One application; 404 when the cluster has none by that id (the form's existence check). */
async function readApplication(cluster: ClusterHandle, id: string): Promise<ClusterApplication> {
  try {
    const result = await callCluster(cluster, (signal) =>
      cluster.client.get<AmsApplication>(`/1.0/applications/${encodeURIComponent(id)}`, signal),
    );
    return { ...result.metadata, clusterId: cluster.id };
  } catch (error) {
    // The cluster's own 404 names the application alone: this one names the cluster too.
    if (error instanceof ApiError && error.statusCode === 404) {
      throw new ApiError(404, `Cluster "${cluster.id}" has no application "${id}".`);
    }
    throw error;
  }
}

/** The page a query asks for, and how many applications match it over all pages. */
export function pageApplications(
  applications: readonly ClusterApplication[],
  query: Pick<ApplicationsListParsed, "page" | "size" | "order" | "orderBy" | "search">,
): ApplicationsListResponse {
  const search = query.search?.toLowerCase() ?? "";
  const matching = applications.filter((application) =>
    application.name.toLowerCase().includes(search),
  );
  const sorted = sortApplications(matching, query.orderBy, query.order);
  const start = (query.page - 1) * query.size;
  return { metadata: sorted.slice(start, start + query.size), total_size: matching.length };
}

/**
 * Sorts by the column (names without case), then by cluster and id, so that equal values keep one
 * order between calls and pages neither repeat nor skip an application. Does not touch its input.
 */
export function sortApplications(
  applications: readonly ClusterApplication[],
  orderBy: ApplicationsListParsed["orderBy"],
  order: ApplicationsListParsed["order"],
): ClusterApplication[] {
  const direction = order === "asc" ? 1 : -1;
  const key = (application: ClusterApplication): string | number =>
    orderBy === "created_at" ? application.created_at : application.name.toLowerCase();
  const tieBreak = (application: ClusterApplication): string =>
    `${application.clusterId}\u0000${application.id}`;
  return [...applications].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    if (left < right) return -direction;
    if (left > right) return direction;
    const leftTie = tieBreak(a);
    const rightTie = tieBreak(b);
    return leftTie < rightTie ? -direction : leftTie > rightTie ? direction : 0;
  });
}
