import type { ReactNode } from "react";
import { Modal } from "./Modal.tsx";
import { ErrorNotice } from "../ErrorNotice.tsx";

/** What a confirmation says and what its button does. */
export interface Confirmation {
  title: string;
  body: ReactNode;
  confirmLabel: ReactNode;
  /** Destroys something: the button is the negative one. */
  destructive: boolean;
}

interface Props extends Confirmation {
  onConfirm: () => void;
  /** Cancel, the close button, Escape and a click outside the dialog. */
  onCancel: () => void;
  /** The write was sent and has not been answered yet: the button waits. */
  pending?: boolean;
  /** The refusal of the last try, in the cluster's words; the dialog stays open to show it. */
  error?: Error | null;
  /** More to say or ask under the body (force for a delete, say). */
  children?: ReactNode;
  /** Why the action's button cannot be pressed yet (it is disabled and says so). */
  blockedReason?: string | undefined;
}

/** Asks before an action: its body, a Cancel button and the action's own button. */
export function ConfirmModal({
  title,
  body,
  confirmLabel,
  destructive,
  onConfirm,
  onCancel,
  pending = false,
  error,
  children,
  blockedReason,
}: Props) {
  return (
    <Modal
      title={title}
      close={onCancel}
      buttonRow={
        <>
          <button type="button" className="p-button u-no-margin--bottom" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`${destructive ? "p-button--negative" : "p-button--positive"} u-no-margin--bottom`}
            disabled={pending || blockedReason !== undefined}
            title={blockedReason}
            aria-busy={pending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{body}</p>
      {children}
      {error && <ErrorNotice error={error} />}
    </Modal>
  );
}
