import type { UnreachableCluster } from "@anbox-dashboard/contract";
import { Notice } from "../Notice.tsx";

/**
 * Says which clusters a list across clusters could not ask (down, unreachable, timed out) and
 * why: the rows shown are the other clusters', not all there are. Nothing when all answered.
 */
export function UnreachableClustersNotice({
  clusters,
  noun,
}: {
  clusters: readonly UnreachableCluster[] | undefined;
  /** What is missing, plural: "instances". */
  noun: string;
}) {
  if (clusters === undefined || clusters.length === 0) return null;
  const names = clusters.map((cluster) => cluster.clusterId).join(", ");
  return (
    <Notice
      kind="caution"
      title={
        clusters.length === 1
          ? `Cluster ${names} does not answer`
          : `Clusters ${names} do not answer`
      }
      message={
        <>
          {clusters.length === 1 ? "Its" : "Their"} {noun} are not shown: the list shows those of
          the other clusters, and updates once{" "}
          {clusters.length === 1 ? "it answers" : "they answer"} again.
        </>
      }
    >
      <ul className="p-list">
        {clusters.map((cluster) => (
          <li className="p-list__item" key={cluster.clusterId}>
            {cluster.message}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
