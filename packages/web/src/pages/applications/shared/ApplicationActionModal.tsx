import { useState } from "react";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { ActionConfirmModal } from "../../../components/overlays/ActionConfirmModal.tsx";
import { ForceDeleteCheckbox } from "../../../components/overlays/ForceDeleteCheckbox.tsx";
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
  return (
    <ActionConfirmModal
      confirmation={confirmationOf(input)}
      mutation={action}
      input={input.action === "delete" ? { ...input, force } : input}
      onClose={onClose}
      onDone={onDone}
    >
      {input.action === "delete" && (
        <ForceDeleteCheckbox
          checked={force}
          onChange={setForce}
          effect="(even while instances use it)"
        />
      )}
    </ActionConfirmModal>
  );
}
