import type { ClusterInstance } from "../../../api/instances.ts";

/** Ids are unique per cluster only: the key of an instance across clusters. */
export function instanceKey(instance: Pick<ClusterInstance, "id" | "clusterId">): string {
  return `${instance.clusterId}/${instance.id}`;
}
