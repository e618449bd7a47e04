import type { ClusterNode } from "../../api/nodes.ts";
import { ConfirmModal } from "../../components/overlays/ConfirmModal.tsx";
import { useDeleteNode } from "../../queries/nodes.ts";

interface Props {
  node: ClusterNode;
  close: () => void;
  /** The cluster accepted the removal. */
  onRemoved: () => void;
}

/** Confirms a node's removal; the cluster's refusal (instances on it) shows here, in its words. */
export function RemoveNodeModal({ node, close, onRemoved }: Props) {
  const remove = useDeleteNode();
  const instances = node.allocated?.instances ?? 0;
  return (
    <ConfirmModal
      title={`Remove node ${node.name}?`}
      body={
        <>
          The node {node.name} leaves cluster {node.clusterId}. This cannot be undone; the machine
          can be added again later.
        </>
      }
      confirmLabel={remove.isPending ? "Removing…" : "Remove node"}
      destructive
      pending={remove.isPending}
      error={remove.error}
      onCancel={close}
      onConfirm={() => {
        remove.mutate(node, { onSuccess: onRemoved });
      }}
    >
      {instances > 0 && (
        <p>
          {instances === 1 ? "1 instance is" : `${String(instances)} instances are`} on it: the
          cluster refuses to remove a node with instances.
        </p>
      )}
    </ConfirmModal>
  );
}
