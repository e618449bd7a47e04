import { useCallback, useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ClusterNode } from "../../api/nodes.ts";
import { whenFirstPageShown } from "../../context/first-page-shown.ts";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useAddOnCluster } from "../../components/page-layout/use-add-on-cluster.tsx";
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
  const add = useAddOnCluster("Add node", "can_create_nodes", (clusters, close) => (
    <LazyAddNodeModal clusters={clusters} close={close} />
  ));
  const { openNode } = panel;
  const onEdit = useCallback(
    (node: ClusterNode) => {
      openNode({ clusterId: node.clusterId, name: node.name });
    },
    [openNode],
  );
  // Once the page is shown: their code must not go before its first rows (make budget).
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenFirstPageShown(queryClient, () => {
        void LazyNodePanel.preload();
        void LazyAddNodeModal.preload();
      }),
    [queryClient],
  );
  return (
    <PageLayout title="Nodes" controls={add.control}>
      <NodesList onEdit={onEdit} />
      {panel.open !== undefined && (
        <LazyNodePanel
          key={`${panel.open.clusterId}/${panel.open.name}`}
          open={panel.open}
          close={panel.close}
        />
      )}
      {add.dialog}
    </PageLayout>
  );
}
