import type { ClusterApplication } from "../../../api/applications.ts";

/** Ids are unique per cluster only: the key of an application across clusters. */
export function applicationKey(application: Pick<ClusterApplication, "id" | "clusterId">): string {
  return `${application.clusterId}/${application.id}`;
}
