import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type {
  ClusterInstanceBulkResult,
  ClusterOperation,
  InstanceBulkBody,
  InstancesPost,
} from "@anbox-dashboard/contract";
import {
  bulkUpdateInstances,
  createInstance,
  deleteInstance,
  fetchInstance,
  fetchInstanceCapacity,
  fetchInstanceLog,
  fetchInstanceLogs,
  fetchInstances,
  patchInstance,
  type ClusterInstance,
  type InstanceCapacityRequest,
} from "../api/instances.ts";
import { registerOperationFailureHandler } from "../context/events/operation-failure-handlers.ts";
import { mutationToasts, type MutationToasts } from "../context/mutation-meta.ts";
import { showToast } from "../context/query-client.ts";
import { queryKeys } from "../context/query-keys.ts";
import { abortableDelay } from "../util/abortable-delay.ts";
import { nameTakenQuery } from "./name-check.ts";
import { useOperationMutation } from "./operation-mutation.ts";
import { pagedList } from "./paged-list.ts";

// The instances' server data. Lifecycle events invalidate every ["instances"] query, so each of
// these refetches when an instance changes; the data already shown stays while they do.

/** The instances list's pages (`pagedList`): a page as the server sorted, filtered and paged it. */
const instancesPages = pagedList({ key: queryKeys.instancesList, fetch: fetchInstances });
export const instancesListQuery = instancesPages.query;
export const useInstancesList = instancesPages.usePage;
export const prefetchInstancesList = instancesPages.prefetch;

/** How a page sends a bulk write and what it says of the outcome. */
export interface BulkInstancesUpdate<TVariables> {
  /** The request the variables stand for. */
  request: (variables: TVariables) => InstanceBulkBody;
  toasts: MutationToasts<ClusterInstanceBulkResult[], TVariables>;
}

/**
 * Start, stop or delete many instances in one call (`PATCH /api/instance_bulk`). The server answers
 * once the clusters are done, with one result per instance; the page's own variables (its plan)
 * say what the toasts report. Every instance query refetches once it settles.
 */
export function useBulkUpdateInstances<TVariables>({
  request,
  toasts,
}: BulkInstancesUpdate<TVariables>) {
  return useMutation({
    mutationFn: (variables: TVariables) => bulkUpdateInstances(request(variables)),
    meta: {
      toasts: mutationToasts(toasts),
      invalidates: [queryKeys.instances()],
    },
  });
}

/** One instance, by its cluster and id. */
export function instanceQuery(clusterId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.instance(clusterId, id),
    queryFn: ({ signal }) => fetchInstance(clusterId, id, signal),
  });
}

export function useInstance(clusterId: string, id: string) {
  return useQuery(instanceQuery(clusterId, id));
}

/** The names of an instance's logs. */
export function instanceLogNamesQuery(clusterId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.instanceLogs(clusterId, id),
    queryFn: ({ signal }) => fetchInstanceLogs(clusterId, id, signal),
  });
}

/** The names of an instance's logs, sorted (without changing the cached list). */
export function useInstanceLogNames(clusterId: string, id: string) {
  return useQuery({ ...instanceLogNamesQuery(clusterId, id), select: sortedNames });
}

// Stable, so that the sorted list is computed only when the names change.
const sortedNames = (names: string[]) => names.toSorted((a, b) => a.localeCompare(b));

/** The text of one log. */
export function instanceLogQuery(clusterId: string, id: string, name: string) {
  return queryOptions({
    queryKey: queryKeys.instanceLog(clusterId, id, name),
    queryFn: ({ signal }) => fetchInstanceLog(clusterId, id, name, signal),
  });
}

export function useInstanceLog(clusterId: string, id: string, name: string) {
  return useQuery(instanceLogQuery(clusterId, id, name));
}

/** How often a followed log is read again. */
const followIntervalMs = 2_000;

/**
 * A log read again every two seconds while `following` (the developer tools' live logs); none
 * is read while `name` is undefined (the names are not known yet).
 */
export function useFollowedInstanceLog(
  clusterId: string,
  id: string,
  name: string | undefined,
  following: boolean,
) {
  return useQuery({
    ...instanceLogQuery(clusterId, id, name ?? ""),
    enabled: name !== undefined,
    refetchInterval: following ? followIntervalMs : false,
  });
}

/**
 * Reads logs one after the other (a handful of files) through the cache, so that logs already
 * read are not fetched again unless stale. A mutation: it runs on a click, not on render.
 */
export function useReadInstanceLogs(clusterId: string, id: string) {
  return useMutation({
    mutationFn: async (names: readonly string[], { client }) => {
      const logs: { name: string; text: string }[] = [];
      for (const name of names) {
        logs.push({ name, text: await client.query(instanceLogQuery(clusterId, id, name)) });
      }
      return logs;
    },
  });
}

/** Whether an instance of that name exists in the cluster (`GET /api/instances/{name}`). */
export function instanceNameTakenQuery(clusterId: string, name: string) {
  return nameTakenQuery(queryKeys.instanceNameCheck(clusterId, name), (signal) =>
    fetchInstance(clusterId, name, signal),
  );
}

/** How long the size must stay the same before its room is asked for (typing a custom size). */
const capacityCheckDelayMs = 200;

/**
 * Whether the cluster would place an instance of this size now. The key holds the size, so a
 * newer size aborts the older check; under the instances root, so instance events ask again.
 */
function instanceCapacityQuery(clusterId: string, request: InstanceCapacityRequest) {
  return queryOptions({
    queryKey: queryKeys.instanceCapacity(clusterId, request),
    queryFn: async ({ signal }) => {
      await abortableDelay(capacityCheckDelayMs, signal);
      return fetchInstanceCapacity(clusterId, request, signal);
    },
    // Other people fill and free nodes: ask again each time the form shows.
    staleTime: 0,
    // Only advice (the create decides): a failed check says "unknown" at once, not after retries.
    retry: false,
  });
}

/**
 * The room for a new instance in a cluster; idle without a size (custom sizes still wrong). The
 * previous size's answer stays on screen while the next one is asked for.
 */
export function useInstanceCapacity(
  clusterId: string,
  request: InstanceCapacityRequest | undefined,
) {
  const wanted = request ?? { cpus: 0, memory: 0, disk_size: 0, gpu_slots: 0, vpu_slots: 0 };
  return useQuery({
    ...instanceCapacityQuery(clusterId, wanted),
    enabled: clusterId !== "" && request !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** What can be done to one instance. */
export interface InstanceActionInput {
  instance: Pick<ClusterInstance, "id" | "name" | "clusterId">;
  action: "start" | "stop" | "delete";
  /** Delete even when the instance is up. */
  force?: boolean;
}

const actionWords = {
  start: { doing: "Starting", done: "Started", failed: "Start failed" },
  stop: { doing: "Stopping", done: "Stopped", failed: "Stop failed" },
  delete: { doing: "Deleting", done: "Deleted", failed: "Delete failed" },
} as const;

/**
 * Start, stop or delete one instance. The call answers with the cluster's operation at once; if
 * the operation later fails, the events' failure handler shows its error in a toast. A refusal of
 * the call itself (protected, wrong status) is shown at once.
 */
export function useInstanceAction() {
  const words = ({ instance, action }: InstanceActionInput) => ({
    doing: `${actionWords[action].doing} ${instance.name}`,
    done: `${actionWords[action].done} ${instance.name}`,
    failed: `${actionWords[action].failed}: ${instance.name}`,
  });
  return useOperationMutation({
    run: ({ instance, action, force }: InstanceActionInput): Promise<ClusterOperation> => {
      if (action === "delete") return deleteInstance(instance.clusterId, instance.id, force);
      return patchInstance(
        instance.clusterId,
        instance.id,
        action === "start" ? "running" : "stopped",
      );
    },
    words,
    refused: (input) => words(input).failed,
    invalidates: [queryKeys.instances()],
  });
}

/** An instance to create, on which cluster, and whether it starts once made. */
export interface InstanceCreation {
  clusterId: string;
  request: InstancesPost;
  start: boolean;
  /** The form submission's key (`useFormSubmission`). */
  idempotencyKey: string;
}

/**
 * Creates an instance. The cluster answers with its operation at once: a toast says the instance
 * was created, the lists are read again, then `onCreated` runs (to open the instance's page). If
 * the operation fails later, the events' failure handler says so in a toast.
 */
export function useCreateInstance(
  onCreated: (operation: ClusterOperation, creation: InstanceCreation) => Promise<void> | void,
) {
  return useMutation({
    mutationFn: ({ clusterId, request, idempotencyKey }: InstanceCreation) =>
      createInstance(clusterId, request, idempotencyKey),
    meta: {
      toasts: mutationToasts<ClusterOperation, InstanceCreation>({
        success: (_operation, { request, start }) => ({
          kind: "success",
          title: `Instance${nameSuffix(request)} created`,
          message: start ? "It is starting." : "It stays stopped until you start it.",
        }),
      }),
      // Only the lists: the form's own name check (also an instance query) must not run again
      // and call the new name taken before the page moves on.
      invalidates: [queryKeys.instancesLists()],
    },
    onSuccess: async (operation, creation, _onMutateResult, { client }) => {
      registerOperationFailureHandler(operation.id, (err) => {
        showToast(client, {
          kind: "failure",
          title: `Creating instance${nameSuffix(creation.request)} failed`,
          error: err === "" ? "The cluster gave no reason." : err,
        });
      });
      await onCreated(operation, creation);
    },
  });
}

/** " web-1", or "" when the cluster names the instance. */
function nameSuffix(request: InstancesPost): string {
  return request.name === undefined ? "" : ` ${request.name}`;
}
