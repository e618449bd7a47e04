import type { ReactNode, SubmitEvent } from "react";
import { SubmitButton } from "../form/SubmitButton.tsx";
import { ErrorNotice } from "../ErrorNotice.tsx";
import { Modal } from "./Modal.tsx";

interface Props {
  title: string;
  close: () => void;
  /** The form's submit handler (guarded by useFormSubmission). */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** The cluster's refusal of the last try, shown above the fields. */
  error?: Error | null;
  /** What to say above the fields instead (an upload cancelled, say). */
  notice?: ReactNode;
  /** The dialog's class, for its own styles. */
  className?: string;
  pending: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The form's fields. */
  children: ReactNode;
}

/** A form in a dialog (add a node, push to the registry): the refusal, its fields, Cancel and the action. */
export function FormModal({
  title,
  close,
  onSubmit,
  error,
  notice,
  className,
  pending,
  submitLabel,
  busyLabel,
  children,
}: Props) {
  return (
    <Modal title={title} close={close} className={className}>
      <form className="p-form" noValidate onSubmit={onSubmit}>
        {notice ?? (error && <ErrorNotice error={error} />)}
        {children}
        <div className="form-modal__buttons">
          <button type="button" className="p-button--base" onClick={close}>
            Cancel
          </button>
          <SubmitButton
            className="p-button--positive"
            busy={pending}
            busyLabel={busyLabel}
            disabled={pending}
          >
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
