import { queryOptions, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { isNotFound } from "../api/api-fetch.ts";
import { abortableDelay } from "../util/abortable-delay.ts";

/** How long typing must pause before a name is looked up. */
const nameCheckDelayMs = 300;

/**
 * Whether a name is taken (`lookup` finds a thing of that name; its 404 means free), asked once
 * typing pauses. Each name (and cluster) is its own query, under `queryKey`: when the name
 * changes, the query of the earlier name loses its only observer and TanStack Query aborts its
 * signal, which ends the debounce wait or the request already sent. An earlier check can
 * therefore never answer for a later name. Shared by every form that names what it makes.
 */
export function nameTakenQuery(
  queryKey: QueryKey,
  lookup: (signal: AbortSignal) => Promise<unknown>,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      await abortableDelay(nameCheckDelayMs, signal);
      try {
        await lookup(signal);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    // A thing of that name may have been made or deleted since: ask again each time.
    staleTime: 0,
  });
}

/** Runs a `nameTakenQuery`; idle unless `enabled` (no name, or one that breaks a rule). */
export function useNameTaken(query: UseQueryOptions<boolean>, enabled: boolean) {
  return useQuery({ ...query, enabled });
}
