import type { ClusterOperation } from "@anbox-dashboard/contract";
import { ActionConfirmModal } from "../../../components/overlays/ActionConfirmModal.tsx";
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
    <ActionConfirmModal
      confirmation={confirmationOf(input)}
      mutation={action}
      input={input}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
