import { useState, type ReactNode } from "react";
import type { Cluster } from "@anbox-dashboard/contract";
import { useClusters } from "../../queries/clusters.ts";

/**
 * A page's "Add …" button and the dialog it opens, which puts something on a cluster: the button
 * waits, saying so, until the clusters are known. The page shows `control` in its header and
 * `dialog` in its body.
 */
export function useAddOnCluster(
  label: string,
  dialog: (clusters: readonly Cluster[], close: () => void) => ReactNode,
): { control: ReactNode; dialog: ReactNode } {
  const clusters = useClusters().data ?? [];
  const [open, setOpen] = useState(false);
  return {
    control: (
      <button
        type="button"
        className="p-button--positive u-no-margin--bottom"
        disabled={clusters.length === 0}
        title={clusters.length === 0 ? "Loading the clusters…" : undefined}
        onClick={() => {
          setOpen(true);
        }}
      >
        {label}
      </button>
    ),
    dialog:
      open &&
      dialog(clusters, () => {
        setOpen(false);
      }),
  };
}
