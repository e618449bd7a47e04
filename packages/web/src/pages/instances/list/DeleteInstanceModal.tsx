import { useState } from "react";
import type { ClusterInstance } from "../../../api/instances.ts";
import { Modal } from "../../../vendor/react-components.ts";
import { deleteNeedsForce } from "../shared/instance-actions.ts";

interface Props {
  instance: ClusterInstance;
  onConfirm: (force: boolean) => void;
  onCancel: () => void;
}

/** The reason the Delete button gives until force is ticked. */
export const forceRequiredReason = "Tick 'Force delete' to delete an active instance.";

/**
 * Asks before deleting one instance. An active one (its device is up) is only deleted with
 * force: the box must be ticked first, so that nobody stops a device in use by accident.
 */
export function DeleteInstanceModal({ instance, onConfirm, onCancel }: Props) {
  const needsForce = deleteNeedsForce(instance.status);
  const [force, setForce] = useState(false);
  const blocked = needsForce && !force;
  return (
    <Modal
      title={`Delete ${instance.name}?`}
      close={onCancel}
      buttonRow={
        <>
          <button type="button" className="p-button u-no-margin--bottom" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="p-button--negative u-no-margin--bottom"
            disabled={blocked}
            title={blocked ? forceRequiredReason : undefined}
            onClick={() => {
              onConfirm(needsForce);
            }}
          >
            Delete
          </button>
        </>
      }
    >
      <p>
        <strong>{instance.name}</strong> and its data will be deleted. This cannot be undone.
      </p>
      {needsForce && (
        <>
          <p>It is {instance.status}: deleting it stops it at once.</p>
          <label>
            <input
              type="checkbox"
              checked={force}
              onChange={(event) => {
                setForce(event.currentTarget.checked);
              }}
            />{" "}
            Force delete
          </label>
        </>
      )}
    </Modal>
  );
}
