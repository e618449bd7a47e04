import type { CapacityFree } from "@anbox-dashboard/contract";
import type { InstanceCapacityRequest } from "../../api/instances.ts";
import { useInstanceCapacity } from "../../queries/instances.ts";

/** Whether a node of the chosen cluster can take the instance, as the cluster's scheduler says. */
export type RoomForInstance =
  /** No size to ask about: the custom sizes are wrong (their fields say so). */
  | { state: "none" }
  | { state: "checking" }
  /** The cluster cannot say (a real AMS has no capacity call) or the check failed: Create stays. */
  | { state: "unknown"; why: string }
  | { state: "fits"; node: string; mostFree: CapacityFree | null }
  /** Nothing fits now: `reason` is the scheduler's, the words the create would fail with. */
  | { state: "full"; reason: string; mostFree: CapacityFree | null };

/**
 * Asks the cluster whether an instance of this size would be placed now (again when the size,
 * the application or the cluster changes, and on instance events). The previous size's answer
 * stays while the next is asked for; another cluster's never stands in.
 */
export function useRoomForInstance(
  clusterId: string,
  request: InstanceCapacityRequest | undefined,
): RoomForInstance {
  const capacity = useInstanceCapacity(clusterId, request);
  if (request === undefined || clusterId === "") return { state: "none" };
  if (capacity.isError) {
    return { state: "unknown", why: `The check failed: ${capacity.error.message}` };
  }
  const answer = capacity.data;
  if (answer?.clusterId !== clusterId) return { state: "checking" };
  if (!answer.known) {
    return { state: "unknown", why: "This cluster does not tell how much room its nodes have." };
  }
  return answer.fits
    ? { state: "fits", node: answer.node, mostFree: answer.most_free }
    : { state: "full", reason: answer.reason, mostFree: answer.most_free };
}
