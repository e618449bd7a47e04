import { useId } from "react";
import type { Cluster } from "../../api/clusters.ts";

interface Props {
  clusters: readonly Cluster[];
  /** The cluster shown; absent when the URL names one the dashboard does not manage. */
  value: string | undefined;
  onPick: (clusterId: string) => void;
}

/** Which cluster's configuration is shown, when the dashboard manages several. */
export function ClusterPicker({ clusters, value, onPick }: Props) {
  const id = useId();
  return (
    <div className="config-cluster-picker">
      <label className="u-no-margin--bottom" htmlFor={id}>
        Cluster
      </label>
      <select
        id={id}
        className="u-no-margin--bottom"
        value={value ?? ""}
        onChange={(event) => {
          onPick(event.currentTarget.value);
        }}
      >
        {value === undefined && (
          <option value="" disabled>
            Choose a cluster
          </option>
        )}
        {clusters.map((cluster) => (
          <option key={cluster.id} value={cluster.id}>
            {cluster.id}
          </option>
        ))}
      </select>
    </div>
  );
}
