import { useState, type ReactNode } from "react";
import type { Cluster } from "@anbox-dashboard/contract";
import type { ServerEntitlement } from "@anbox-dashboard/contract";
import { useClusters } from "../../queries/clusters.ts";
import { useMay, useMayOnSomeCluster } from "../../permissions/use-may.ts";

/**
 * A page's "Add …" button and the dialog it opens, which puts something on a cluster: the button
 * waits, saying so, until the clusters are known, and says why when the user may add on none
 * (`action`, e.g. `can_create_images`). The dialog offers the clusters the user may add on. The
 * page shows `control` in its header and `dialog` in its body.
 */
export function useAddOnCluster(
  label: string,
  action: ServerEntitlement,
  dialog: (clusters: readonly Cluster[], close: () => void) => ReactNode,
): { control: ReactNode; dialog: ReactNode } {
  const { may } = useMay();
  const clusters = (useClusters().data ?? []).filter(
    (cluster) => may(action, `cluster:${cluster.id}`) === undefined,
  );
  const refused = useMayOnSomeCluster(action);
  const [open, setOpen] = useState(false);
  return {
    control: (
      <button
        type="button"
        className="p-button--positive u-no-margin--bottom"
        disabled={refused !== undefined || clusters.length === 0}
        title={refused ?? (clusters.length === 0 ? "Loading the clusters…" : undefined)}
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
