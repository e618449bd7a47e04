import { useState } from "react";
import type { ClusterInstance } from "../../../api/instances.ts";
import { ConfirmModal } from "../../../components/overlays/ConfirmModal.tsx";
import { ForceDeleteCheckbox } from "../../../components/overlays/ForceDeleteCheckbox.tsx";

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
  const blocked = needsForce && !force;
  return (
    <ConfirmModal
      title={`Delete ${instance.name}?`}
      body={
        <>
          Delete instance <strong>{instance.name}</strong>? Its data and logs are removed for good.
        </>
      }
      confirmLabel="Delete"
      destructive
      pending={deleting}
      blockedReason={blocked ? forceRequiredReason : undefined}
      onCancel={onCancel}
      onConfirm={() => {
        onConfirm(needsForce && force);
      }}
    >
      {needsForce && (
        <>
          <p>
            The instance is {instance.status}: it can only be deleted by force, which stops it at
            once.
          </p>
          <ForceDeleteCheckbox checked={force} onChange={setForce} />
        </>
      )}
    </ConfirmModal>
  );
}
