import type { ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { ConfirmModal, type Confirmation } from "./ConfirmModal.tsx";

interface Props<Data, Input> {
  confirmation: Confirmation;
  /** The write (`queries/<resource>.ts`) and what it is sent. */
  mutation: UseMutationResult<Data, Error, Input>;
  input: Input;
  onClose: () => void;
  /** Once the write was taken. */
  onDone?: (data: Data) => void;
  /** More to ask under the body (force for a delete, say). */
  children?: ReactNode;
}

/**
 * Asks before a write and sends it. A refusal shows in the dialog, in the cluster's words, with the
 * dialog left open; a taken write closes it.
 */
export function ActionConfirmModal<Data, Input>({
  confirmation,
  mutation,
  input,
  onClose,
  onDone,
  children,
}: Props<Data, Input>) {
  return (
    <ConfirmModal
      {...confirmation}
      pending={mutation.isPending}
      error={mutation.error}
      onCancel={onClose}
      onConfirm={() => {
        // The promise, not mutate's callbacks: those are dropped once the dialog's page
        // unmounts, which a delete's refetch (404: not found) can do before they run.
        mutation.mutateAsync(input).then(
          (data) => {
            onDone?.(data);
            onClose();
          },
          // A refusal is shown from the mutation's state, in the dialog.
          () => undefined,
        );
      }}
    >
      {children}
    </ConfirmModal>
  );
}
