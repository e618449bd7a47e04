import type { ReactNode, SubmitEvent } from "react";
import { SubmitButton } from "../../components/form/SubmitButton.tsx";
import { Modal } from "../../components/overlays/Modal.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

interface Props {
  title: string;
  close: () => void;
  /** The form's submit handler (guarded by useFormSubmission). */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** The cluster's refusal of the last try, shown above the fields. */
  error: Error | null;
  pending: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The form's fields. */
  children: ReactNode;
}

/** The dialog of a registry action (push, pull): its fields, the refusal, Cancel and the action. */
export function RegistryFormModal({
  title,
  close,
  onSubmit,
  error,
  pending,
  submitLabel,
  busyLabel,
  children,
}: Props) {
  return (
    <Modal title={title} close={close}>
      <form className="p-form registry-form" noValidate onSubmit={onSubmit}>
        {error && <ErrorNotice error={error} />}
        {children}
        <div className="registry-form__buttons">
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
