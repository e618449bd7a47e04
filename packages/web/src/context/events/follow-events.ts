import type { QueryClient } from "@tanstack/react-query";
import type { AmsEvent } from "@anbox-dashboard/contract";
import { eventsSocketUrl, fetchEventsToken } from "../../api/events.ts";
import { queryKeys } from "../query-keys.ts";
import { connectEvents, type EventsConnectionOptions } from "./events-connection.ts";
import { coalescedInvalidation } from "./coalesced-invalidation.ts";
import { handleEvent, refreshAfterConnect } from "./handle-event.ts";

/** Events are handled this long after they arrive, giving the cluster time to settle reads. */
export const eventHandlingDelayMs = 250;
/** The operations lists are refetched at most this often, however many events arrive. */
export const operationsRefetchIntervalMs = 2_000;
/** A group the lifecycle events touch (the instances, say) is refetched at most this often. */
export const lifecycleRefetchIntervalMs = 1_000;

export interface FollowEventsOptions {
  queryClient: QueryClient;
  /** The clusters of `GET /api/clusters`, in its order (a cluster's index names its socket). */
  clusterIds: readonly string[];
  onConnectionFailure: (clusterId: string) => void;
  onRecovered: (clusterId: string) => void;
  createSocket?: EventsConnectionOptions["createSocket"];
}

/**
 * Follows every cluster's events websocket and keeps the cached data fresh: lifecycle events
 * invalidate the group they touch (each group at most once a second, however many arrive),
 * operation events refresh the operations lists (at most every 2 s) and call failure handlers,
 * and every (re)opened socket refreshes it all, for the events it could not hear. Returns the
 * function that stops it all. Loaded by the events provider once the first page is shown.
 */
export function followEvents({
  queryClient,
  clusterIds,
  onConnectionFailure,
  onRecovered,
  createSocket,
}: FollowEventsOptions): () => void {
  // The operations lists and the groups lifecycle events touch, each refreshed at its own pace.
  const operations = coalescedInvalidation(queryClient, operationsRefetchIntervalMs);
  const refreshOperations = () => {
    operations.invalidate(queryKeys.operations());
  };
  const groups = coalescedInvalidation(queryClient, lifecycleRefetchIntervalMs);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const onEvent = (clusterId: string, event: AmsEvent) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      handleEvent(event, {
        queryClient,
        clusterId,
        refreshOperations,
        invalidate: groups.invalidate,
      });
    }, eventHandlingDelayMs);
    timers.add(timer);
  };
  const closers = clusterIds.map((clusterId, clusterIndex) =>
    connectEvents({
      clusterId,
      clusterIndex,
      fetchToken: fetchEventsToken,
      socketUrl: (index, token) => eventsSocketUrl(index, token),
      createSocket,
      onEvent: (event) => {
        onEvent(clusterId, event);
      },
      onOpen: () => {
        refreshAfterConnect({ refreshOperations, invalidate: groups.invalidate });
      },
      onConnectionFailure,
      onRecovered,
    }),
  );
  return () => {
    for (const close of closers) close();
    for (const timer of timers) clearTimeout(timer);
    operations.cancel();
    groups.cancel();
  };
}
