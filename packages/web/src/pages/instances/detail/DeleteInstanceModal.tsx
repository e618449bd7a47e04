import { useId, useState } from "react";
import type { ClusterInstance } from "../../../api/instances.ts";
import { Modal } from "../../../vendor/react-components.ts";

interface Props {
  instance: Pick<ClusterInstance, "name" | "status">;
  /** The instance is up: the cluster deletes it only by force, which the user must ask for. */
  needsForce: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (force: boolean) => void;
}

/** "Delete instance …?", with the force the cluster needs for an instance that is up. */
export function DeleteInstanceModal({
  instance,
  needsForce,
  deleting,
  onCancel,
  onConfirm,
}: Props) {
  const [force, setForce] = useState(false);
  const forceId = useId();
  return (
    <Modal
      title="Delete instance"
      close={onCancel}
      buttonRow={
        <>
          <button type="button" className="p-button u-no-margin--bottom" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="p-button--negative u-no-margin--bottom"
            disabled={deleting || (needsForce && !force)}
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
