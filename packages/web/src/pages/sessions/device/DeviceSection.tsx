import { useId, type ReactNode } from "react";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { SubmitButton } from "../../../components/form/SubmitButton.tsx";

interface Props {
  title: string;
  /** What the device has now, in a line under the title. */
  now: ReactNode;
  children: ReactNode;
}

/** One capability of the device: its heading, what the device has now, and its forms. */
export function DeviceSection({ title, now, children }: Props) {
  const headingId = useId();
  return (
    <section className="device-controls__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="device-controls__heading p-heading--5">
        {title}
      </h3>
      <p className="device-controls__now">{now}</p>
      {children}
    </section>
  );
}

interface FormProps {
  /** The submit button's words. */
  action: string;
  onSend: () => void;
  pending: boolean;
  /** The server's refusal of the last send. */
  error: Error | undefined;
  /** Buttons beside the submit button. */
  extra?: ReactNode;
  children: ReactNode;
}

/** A control's form: its fields, its button (busy while sending), the server's refusal. */
export function ControlForm({ action, onSend, pending, error, extra, children }: FormProps) {
  return (
    <form
      className="device-controls__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onSend();
      }}
    >
      {children}
      {error && <ErrorNotice error={error} heading="h4" />}
      <div className="device-controls__buttons">
        <SubmitButton className="p-button--positive" busy={pending} busyLabel="Sending…">
          {action}
        </SubmitButton>
        {extra}
      </div>
    </form>
  );
}
