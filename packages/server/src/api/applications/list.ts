import type { FastifyInstance } from "fastify";
import {
  applicationTypeOf,
  applicationsListQuerySchema,
  latestApplicationVersion,
  publishedVersionCount,
  type ApplicationsListParsed,
  type ApplicationsListResponse,
  type ClusterApplication,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { selectClusters } from "../../clusters/choose-cluster.ts";
import { listEachCluster, unreachablePart } from "../../clusters/each-cluster.ts";
import { listApplications as listAmsApplications } from "../../ams/applications.ts";

import { listQuery } from "../../input/route-schemas.ts";
import { imageNamesOf, toClusterApplication } from "./read-application.ts";
import { acts } from "../../auth/route-acts.ts";
import { accessOf } from "../../auth/access.ts";
import { pageInMemory, sortInMemory } from "../../clusters/in-memory-page.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";

/**
 * `GET /api/applications`: every cluster's applications, each with its `clusterId`, its versions
 * and its image's name.
 *
 * The cluster's `GET /1.0/applications` pages, but only filters on exact values and always lists
 * newest first: it cannot search a part of a name nor sort by name. So each cluster's whole list
 * is read (a cluster holds tens of applications, not the thousands of instances; the versions come
 * in the same answer, so the latest version and the published count cost no call per row), and
 * filtered, sorted and paged here, which also gives one order across clusters.
 */
export function registerApplicationsListRoute(
  scope: FastifyInstance,
  context: ServerContext,
): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  app.get(
    "/api/applications",
    {
      schema: { querystring: listQuery(applicationsListQuerySchema, "query") },
      config: { acts: acts.onEachItem("application", "can_view"), answersEntitlements: true },
    },
    async (request): Promise<ApplicationsListResponse> => {
      const query = request.query;
      const access = accessOf(request);
      const clusters = selectClusters(access.visibleClusters(context.clusters), query.subclusters);
      const { items, unreachable } = await listEachCluster(clusters, listApplications);
      const viewable = access.viewable("application", items);
      return { ...pageApplications(viewable, query), ...unreachablePart(unreachable) };
    },
  );
}

async function listApplications(cluster: ClusterHandle): Promise<ClusterApplication[]> {
  const [applications, imageNames] = await Promise.all([
    listAmsApplications(cluster),
    imageNamesOf(cluster),
  ]);
  return applications.map((application) => toClusterApplication(application, cluster, imageNames));
}

/** The page a query asks for, and how many applications match it over all pages. */
export function pageApplications(
  applications: readonly ClusterApplication[],
  query: Pick<ApplicationsListParsed, "page" | "size" | "order" | "orderBy" | "search"> &
    Partial<Pick<ApplicationsListParsed, "status" | "type">>,
): ApplicationsListResponse {
  const search = query.search?.toLowerCase() ?? "";
  const statuses = query.status === undefined ? undefined : new Set<string>(query.status);
  const matching = applications.filter(
    (application) =>
      application.name.toLowerCase().includes(search) &&
      (statuses === undefined || statuses.size === 0 || statuses.has(application.status)) &&
      (query.type === undefined || applicationTypeOf(application) === query.type),
  );
  return pageInMemory(sortApplications(matching, query.orderBy, query.order), query);
}

/** The value of the column a list is sorted by (names and statuses without case). */
function sortKey(
  application: ClusterApplication,
  orderBy: ApplicationsListParsed["orderBy"],
): string | number {
  switch (orderBy) {
    case "created_at":
      return application.created_at;
    case "status":
      return application.status;
    case "type":
      return applicationTypeOf(application);
    case "latest_version":
      // An application without a version yet sorts before version 0.
      return latestApplicationVersion(application)?.number ?? -1;
    case "published_versions":
      return publishedVersionCount(application);
    case "name":
      return application.name.toLowerCase();
  }
}

/** Sorts by the column, then by name, then by cluster and id. Does not touch its input. */
export function sortApplications(
  applications: readonly ClusterApplication[],
  orderBy: ApplicationsListParsed["orderBy"],
  order: ApplicationsListParsed["order"],
): ClusterApplication[] {
  return sortInMemory(applications, {
    column: (application) => sortKey(application, orderBy),
    order,
    ties: (application) => [application.name.toLowerCase(), application.clusterId, application.id],
  });
}
