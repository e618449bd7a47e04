import type { ClusterNode } from "../../api/nodes.ts";
import { Modal } from "../../components/overlays/Modal.tsx";
import { useDeleteNode } from "../../queries/nodes.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

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
    <Modal
      title={`Remove node ${node.name}?`}
      close={close}
      buttonRow={
        <>
          <button type="button" className="p-button--base" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="p-button--negative"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => {
              remove.mutate(node, { onSuccess: onRemoved });
            }}
          >
            {remove.isPending ? "Removing…" : "Remove node"}
          </button>
        </>
      }
    >
      <p>
        The node {node.name} leaves cluster {node.clusterId}. This cannot be undone; the machine can
        be added again later.
      </p>
      {instances > 0 && (
        <p>
          {instances === 1 ? "1 instance is" : `${String(instances)} instances are`} on it: the
          cluster refuses to remove a node with instances.
        </p>
      )}
      {remove.isError && <ErrorNotice error={remove.error} />}
    </Modal>
  );
}
