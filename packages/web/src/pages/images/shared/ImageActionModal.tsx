import type { ClusterOperation } from "@anbox-dashboard/contract";
import { Modal } from "../../../components/overlays/Modal.tsx";
import { useImageAction, type ImageActionInput } from "../../../queries/images.ts";
import { confirmationOf } from "./image-action-input.ts";

interface Props {
  input: ImageActionInput;
  onClose: () => void;
  /** Once the cluster took the write (its operation follows; the events refresh the lists). */
  onDone?: (operation: ClusterOperation) => void;
}

/**
 * Asks before a write on an image and sends it. The cluster's refusal (instances run on it, the
 * only version) shows here, in its words, with the dialog left open; a taken write closes it.
 */
export function ImageActionModal({ input, onClose, onDone }: Props) {
  const action = useImageAction();
  const confirmation = confirmationOf(input);
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
              action.mutate(input, {
                onSuccess: (operation) => {
                  onDone?.(operation);
                  onClose();
                },
              });
            }}
          >
            {confirmation.confirmLabel}
          </button>
        </>
      }
    >
      <p>{confirmation.body}</p>
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
