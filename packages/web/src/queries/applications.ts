import { queryOptions, useMutation, useQueries, useQuery } from "@tanstack/react-query";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import {
  deleteApplication,
  deleteApplications,
  deleteApplicationVersion,
  fetchApplication,
  fetchApplicationManifest,
  fetchApplicationsPage,
  publishApplicationVersion,
  type ClusterApplication,
  type ClusterApplicationDeleteResult,
} from "../api/applications.ts";
import { mutationToasts, type MutationToasts } from "../context/mutation-meta.ts";
import { queryKeys } from "../context/query-keys.ts";
import { instancesListQuery } from "./instances.ts";
import { useOperationMutation } from "./operation-mutation.ts";
import { pagedList } from "./paged-list.ts";

// The applications' server data for their list and page. Lifecycle events (application-created,
// -updated, -deleted, the versions' too) invalidate every ["applications"] query, so the list and
// the page follow the cluster (initializing → ready) without a reload.

/** The applications list's pages (`pagedList`). */
const applicationsPages = pagedList({
  key: queryKeys.applicationsPage,
  fetch: fetchApplicationsPage,
});
export const useApplicationsPage = applicationsPages.usePage;
export const prefetchApplicationsPage = applicationsPages.prefetch;

/** One application with its versions; a 404 means it is gone. */
function applicationQuery(clusterId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.application(clusterId, id),
    queryFn: ({ signal }) => fetchApplication(clusterId, id, signal),
  });
}

export function useApplication(clusterId: string, id: string) {
  return useQuery(applicationQuery(clusterId, id));
}

/** A version's manifest.yaml as the cluster keeps it (the latest version's when none is named). */
function applicationManifestQuery(clusterId: string, id: string, version?: number) {
  return queryOptions({
    queryKey: queryKeys.applicationManifest(clusterId, id, version),
    queryFn: ({ signal }) => fetchApplicationManifest(clusterId, id, version, signal),
  });
}

export function useApplicationManifest(clusterId: string, id: string, version?: number) {
  return useQuery(applicationManifestQuery(clusterId, id, version));
}

/** What can be done to one application, or to one of its versions. */
export type ApplicationActionInput =
  | { application: ClusterApplication; action: "delete"; force: boolean }
  | {
      application: ClusterApplication;
      action: "publish" | "unpublish" | "delete-version";
      version: number;
    };

function describeAction(input: ApplicationActionInput): {
  doing: string;
  done: string;
  failed: string;
} {
  const name = input.application.name;
  switch (input.action) {
    case "delete":
      return {
        doing: `Deleting ${name}`,
        done: `Deleted ${name}`,
        failed: `Delete failed: ${name}`,
      };
    case "publish":
      return {
        doing: `Publishing version ${String(input.version)} of ${name}`,
        done: `Published version ${String(input.version)} of ${name}`,
        failed: `Could not publish version ${String(input.version)} of ${name}`,
      };
    case "unpublish":
      return {
        doing: `Unpublishing version ${String(input.version)} of ${name}`,
        done: `Unpublished version ${String(input.version)} of ${name}`,
        failed: `Could not unpublish version ${String(input.version)} of ${name}`,
      };
    case "delete-version":
      return {
        doing: `Deleting version ${String(input.version)} of ${name}`,
        done: `Deleted version ${String(input.version)} of ${name}`,
        failed: `Could not delete version ${String(input.version)} of ${name}`,
      };
  }
}

function runAction(input: ApplicationActionInput): Promise<ClusterOperation> {
  const { clusterId, id } = input.application;
  switch (input.action) {
    case "delete":
      return deleteApplication(clusterId, id, input.force);
    case "publish":
    case "unpublish":
      return publishApplicationVersion(clusterId, id, input.version, input.action === "publish");
    case "delete-version":
      return deleteApplicationVersion(clusterId, id, input.version);
  }
}

/**
 * Delete an application, publish, unpublish or delete one of its versions. The call answers with
 * the cluster's operation at once; the cluster's refusal (instances still use it, the only
 * version, a version not ready) is the mutation's error, which the confirming dialog shows, and a
 * later failure of the operation is told by the events' failure handler.
 */
export function useApplicationAction() {
  return useOperationMutation({
    run: runAction,
    words: describeAction,
    // An image's "used by" counts its applications.
    invalidates: [queryKeys.applications(), queryKeys.images()],
  });
}

/** The applications a bulk delete sends, and whether it forces. */
export interface BulkApplicationsDelete {
  applications: { id: string; clusterId: string }[];
  force: boolean;
}

/**
 * Delete many applications in one call (`DELETE /api/applications`). The server answers once the
 * clusters are done, with one result per application; the page's own variables (its plan) say
 * what the toasts report.
 */
export function useDeleteApplications<TVariables extends BulkApplicationsDelete>(
  toasts: MutationToasts<ClusterApplicationDeleteResult[], TVariables>,
) {
  return useMutation({
    mutationFn: ({ applications, force }: TVariables) => deleteApplications(applications, force),
    meta: {
      toasts: mutationToasts(toasts),
      invalidates: [queryKeys.applications(), queryKeys.images()],
    },
  });
}

/**
 * How many instances use each application (by its name, on its cluster), from the instances list:
 * what a delete without force is refused for. A count is undefined until its answer is in (or when
 * it failed: the cluster then says so itself). One small request per application, for a selection
 * of one page at most.
 */
export function useApplicationInstanceCounts(
  applications: readonly Pick<ClusterApplication, "name" | "clusterId">[],
): (number | undefined)[] {
  return useQueries({
    queries: applications.map((application) =>
      instancesListQuery({
        page: 1,
        size: 30,
        order: "asc",
        orderBy: "name",
        app_name: application.name,
        clusterIds: [application.clusterId],
      }),
    ),
    combine: (results) => results.map((result) => result.data?.total_size),
  });
}
