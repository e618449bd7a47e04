import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { createThrottle } from "./throttle.ts";

/** Invalidates a query group, coalescing bursts; `cancel` drops what is still waiting. */
export interface CoalescedInvalidation {
  invalidate: (queryKey: QueryKey) => void;
  cancel: () => void;
}

/**
 * Invalidation of query groups for the events: each group at most once per `intervalMs`, the
 * first at once and the last of a burst at the end of the interval (createThrottle), so that a
 * burst of a hundred lifecycle events refetches an open list once or twice, not a hundred times,
 * and misses none of them. Invalidating refetches only the queries on screen; the others are
 * marked stale and fetched when shown.
 */
export function coalescedInvalidation(
  queryClient: QueryClient,
  intervalMs: number,
): CoalescedInvalidation {
  const throttles = new Map<string, ReturnType<typeof createThrottle>>();
  return {
    invalidate: (queryKey) => {
      const id = JSON.stringify(queryKey);
      let throttle = throttles.get(id);
      if (throttle === undefined) {
        throttle = createThrottle(() => {
          void queryClient.invalidateQueries({ queryKey });
        }, intervalMs);
        throttles.set(id, throttle);
      }
      throttle.call();
    },
    cancel: () => {
      for (const throttle of throttles.values()) throttle.cancel();
      throttles.clear();
    },
  };
}
