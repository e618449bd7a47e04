import { useCallback, useEffect, useState } from "react";
import type { ClusterNode } from "../../api/nodes.ts";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { LazyAddNodeModal, LazyNodePanel } from "./lazy-node-parts.ts";
import { NodesList } from "./NodesList.tsx";
import { useNodePanel } from "./use-node-panel.ts";
import "./_nodes.scss";

/**
 * `/nodes`: the machines of every cluster and how full each is; a node's panel (its state in the
 * URL) changes its allocation rates, slots, tags and schedulability, lists its instances and
 * removes it.
 */
export default function NodesPage() {
  const panel = useNodePanel();
  const clusters = useClusters();
  const [adding, setAdding] = useState(false);
  const { openNode } = panel;
  const onEdit = useCallback(
    (node: ClusterNode) => {
      openNode({ clusterId: node.clusterId, name: node.name });
    },
    [openNode],
  );
  const clusterList = clusters.data ?? [];
  useEffect(() => {
    void LazyNodePanel.preload();
    void LazyAddNodeModal.preload();
  }, []);
  return (
    <PageLayout
      title="Nodes"
      controls={
        <button
          type="button"
          className="p-button--positive u-no-margin--bottom"
          disabled={clusterList.length === 0}
          title={clusterList.length === 0 ? "Loading the clusters…" : undefined}
          onClick={() => {
            setAdding(true);
          }}
        >
          Add node
        </button>
      }
    >
      <NodesList onEdit={onEdit} />
      {panel.open !== undefined && (
        <LazyNodePanel
          key={`${panel.open.clusterId}/${panel.open.name}`}
          open={panel.open}
          close={panel.close}
        />
      )}
      {adding && (
        <LazyAddNodeModal
          clusters={clusterList}
          close={() => {
            setAdding(false);
          }}
        />
      )}
    </PageLayout>
  );
}
