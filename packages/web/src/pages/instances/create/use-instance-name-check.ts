import { useQuery } from "@tanstack/react-query";
import { validateInstanceName } from "@anbox-dashboard/contract";
import { instanceNameTaken } from "../../../api/instances.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { abortableDelay } from "./abortable-delay.ts";

/** Where the live check of a name stands (SPEC section 5: "Must not already exist"). */
export type InstanceNameCheck =
  /** Nothing to check: no name (the cluster picks one), or a name that breaks a rule anyway. */
  | { state: "none" }
  | { state: "checking" }
  | { state: "free" }
  | { state: "taken" }
  /** The check itself failed (not a 404): the cluster will still refuse a taken name. */
  | { state: "failed"; message: string };

/** How long typing must pause before a name is looked up. */
export const nameCheckDelayMs = 300;

/**
 * Looks the name up in the cluster (`GET /api/instances/{name}`, a 404 means free) once typing
 * pauses, and again when the cluster changes. Each name and cluster is its own query: when the
 * name changes, the query of the earlier name loses its only observer and TanStack Query aborts
 * its signal, which ends the debounce wait or the request already sent. An earlier check can
 * therefore never answer for a later name.
 */
export function useInstanceNameCheck(clusterId: string, name: string): InstanceNameCheck {
  const checkable = clusterId !== "" && name !== "" && validateInstanceName(name) === undefined;
  const check = useQuery({
    queryKey: queryKeys.instanceNameCheck(clusterId, name),
    queryFn: async ({ signal }) => {
      await abortableDelay(nameCheckDelayMs, signal);
      return instanceNameTaken(clusterId, name, signal);
    },
    enabled: checkable,
    // An instance of that name may have been made or deleted since: ask again each time.
    staleTime: 0,
  });
  if (!checkable) return { state: "none" };
  if (check.isPending) return { state: "checking" };
  if (check.isError) return { state: "failed", message: check.error.message };
  return { state: check.data ? "taken" : "free" };
}
