import { useId, useState } from "react";
import type { ClusterInstance } from "../../../api/instances.ts";
import { Modal } from "../../../components/overlays/Modal.tsx";

/** The reason the Delete button gives until force is ticked. */
export const forceRequiredReason = "Tick 'Force delete' to delete an active instance.";

interface Props {
  instance: Pick<ClusterInstance, "name" | "status">;
  /** The instance is up: the cluster deletes it only by force, which the user must ask for. */
  needsForce: boolean;
  /** The delete was sent and has not been answered yet. */
  deleting?: boolean;
  onCancel: () => void;
  onConfirm: (force: boolean) => void;
}

/**
 * Asks before deleting one instance (from the list or its page). An active one (its device is up)
 * is only deleted with force: the box must be ticked first, so that nobody stops a device in use
 * by accident.
 */
export function DeleteInstanceModal({
  instance,
  needsForce,
  deleting = false,
  onCancel,
  onConfirm,
}: Props) {
  const [force, setForce] = useState(false);
  const forceId = useId();
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
            disabled={deleting || blocked}
            title={blocked ? forceRequiredReason : undefined}
            aria-busy={deleting}
            onClick={() => {
              onConfirm(needsForce && force);
            }}
          >
            Delete
          </button>
        </>
      }
    >
      <p>
        Delete instance <strong>{instance.name}</strong>? Its data and logs are removed for good.
      </p>
      {needsForce && (
        <>
          <p>
            The instance is {instance.status}: it can only be deleted by force, which stops it at
            once.
          </p>
          <label className="p-checkbox" htmlFor={forceId}>
            <input
              id={forceId}
              className="p-checkbox__input"
              type="checkbox"
              checked={force}
              onChange={(event) => {
                setForce(event.target.checked);
              }}
            />
            <span className="p-checkbox__label">Force delete</span>
          </label>
        </>
      )}
    </Modal>
  );
}
