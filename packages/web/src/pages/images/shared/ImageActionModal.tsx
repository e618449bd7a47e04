import type { ClusterOperation } from "@anbox-dashboard/contract";
import { ConfirmModal } from "../../../components/overlays/ConfirmModal.tsx";
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
  return (
    <ConfirmModal
      {...confirmationOf(input)}
      pending={action.isPending}
      error={action.error}
      onCancel={onClose}
      onConfirm={() => {
        action.mutate(input, {
          onSuccess: (operation) => {
            onDone?.(operation);
            onClose();
          },
        });
      }}
    />
  );
}
