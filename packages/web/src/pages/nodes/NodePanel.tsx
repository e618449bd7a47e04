import type { ResourceName } from "@anbox-dashboard/contract";
import { useRef, useState } from "react";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { useOverlayFocus } from "../../components/overlays/use-overlay-focus.ts";
import { useNode } from "../../queries/nodes.ts";
import { AllocationBar } from "./AllocationBar.tsx";
import { nodeResources, whyNodeIsFull } from "./node-capacity.ts";
import { NodeEditForm } from "./NodeEditForm.tsx";
import { NodeSettings } from "./NodeSettings.tsx";
import { ActionButton } from "../../components/actions/ActionButton.tsx";
import { useMay } from "../../permissions/use-may.ts";
import { NodeInstances } from "./NodeInstances.tsx";
import { RemoveNodeModal } from "./RemoveNodeModal.tsx";
import type { OpenNode } from "./use-node-panel.ts";

interface Props {
  open: OpenNode;
  close: () => void;
}

/**
 * A node's side panel: how full it is, its settings to change, the instances on it, and its
 * removal. Focus moves in, stays in, and goes back to the row's button when it closes (Escape).
 */
export function NodePanel({ open, close }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [removing, setRemoving] = useState(false);
  const { may } = useMay();
  // Escape belongs to the confirmation while it is open.
  useOverlayFocus(ref, { onClose: close, active: !removing });
  const node = useNode(open.clusterId, open.name);
  const full = node.data === undefined ? undefined : whyNodeIsFull(node.data);
  const resource: ResourceName = `node:${open.clusterId}/${open.name}`;
  const editRefused = may("can_edit", resource);
  const deleteRefused = may("can_delete", resource);

  return (
    <aside ref={ref} className="p-panel node-panel" aria-labelledby="node-panel-title">
      <div className="p-panel__header node-panel__header">
        <h2 className="p-panel__title p-heading--4" id="node-panel-title">
          Node {open.name}
        </h2>
        <div className="p-panel__controls">
          <button
            type="button"
            className="p-button--base has-icon u-no-margin--bottom"
            aria-label="Close the node panel"
            onClick={close}
          >
            <i className="p-icon--close" />
          </button>
        </div>
      </div>
      <div className="p-panel__content node-panel__content">
        {node.isError && <ErrorNotice title="Cannot load the node" error={node.error} />}
        {node.isPending && <p>Loading the node…</p>}
        {node.data !== undefined && (
          <>
            <p className="node-panel__summary">
              {node.data.status} · {node.data.address} · {node.data.architecture} · cluster{" "}
              {node.data.clusterId}
            </p>
            {full !== undefined && <p className="nodes-list__full">{full}</p>}
            <ul className="node-panel__resources">
              {nodeResources(node.data).map((resource) => (
                <li key={resource.key}>
                  <AllocationBar resource={resource} showLabel />
                </li>
              ))}
            </ul>
            <h3 className="p-heading--5">Settings</h3>
            {editRefused === undefined ? (
              <NodeEditForm node={node.data} />
            ) : (
              <NodeSettings node={node.data} refused={editRefused} />
            )}
            <NodeInstances node={node.data} />
            <h3 className="p-heading--5">Remove</h3>
            <ActionButton
              className="p-button--negative"
              reason={deleteRefused}
              onClick={() => {
                setRemoving(true);
              }}
            >
              Remove node
            </ActionButton>
            {removing && (
              <RemoveNodeModal
                node={node.data}
                close={() => {
                  setRemoving(false);
                }}
                onRemoved={() => {
                  setRemoving(false);
                  close();
                }}
              />
            )}
          </>
        )}
      </div>
    </aside>
  );
}
