import { useState } from "react";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { Modal } from "../../../components/overlays/Modal.tsx";
import {
  useApplicationAction,
  type ApplicationActionInput,
} from "../../../queries/applications.ts";
import { confirmationOf } from "./application-action-input.ts";

interface Props {
  /** The write to confirm; a delete's `force` is the dialog's own choice. */
  input: ApplicationActionInput;
  onClose: () => void;
  /** Once the cluster took the write (its operation follows; the events refresh the lists). */
  onDone?: (operation: ClusterOperation) => void;
}

/**
 * Asks before a write on an application and sends it. The cluster's refusal (instances still use
 * it, the only version, a version not ready) shows here, in its words, with the dialog left open;
 * a taken write closes it. A delete offers force, which the cluster needs while instances use it.
 */
export function ApplicationActionModal({ input, onClose, onDone }: Props) {
  const action = useApplicationAction();
  const [force, setForce] = useState(false);
  const confirmation = confirmationOf(input);
  const sent: ApplicationActionInput = input.action === "delete" ? { ...input, force } : input;
  return (
    <Modal
      title={confirmation.title}
      close={onClose}
      buttonRow={
        <>
          <button type="button" className="p-button u-no-margin--bottom" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={`${confirmation.destructive ? "p-button--negative" : "p-button--positive"} u-no-margin--bottom`}
            disabled={action.isPending}
            aria-busy={action.isPending}
            onClick={() => {
              // The promise, not mutate's callbacks: those are dropped once the dialog's page
              // unmounts, which a delete's refetch (404: not found) can do before they run.
              action.mutateAsync(sent).then(
                (operation) => {
                  onDone?.(operation);
                  onClose();
                },
                // A refusal is shown from the mutation's state, in the dialog.
                () => undefined,
              );
            }}
          >
            {confirmation.confirmLabel}
          </button>
        </>
      }
    >
      <p>{confirmation.body}</p>
      {input.action === "delete" && (
        <label className="p-checkbox">
          <input
            type="checkbox"
            className="p-checkbox__input"
            checked={force}
            onChange={(event) => {
              setForce(event.currentTarget.checked);
            }}
          />
          <span className="p-checkbox__label">Force delete (even while instances use it)</span>
        </label>
      )}
      {action.error && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{action.error.message}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
