import type { ReactNode } from "react";
import { describedBy } from "./described-by.ts";

/** What the control inside a field group must carry to be tied to its messages. */
export interface FieldControlProps {
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

interface FieldGroupProps {
  /** The control's id: the label points at it, the messages' ids derive from it. */
  id: string;
  /** Text, or text with a part only screen readers hear (a number field's unit). */
  label: ReactNode;
  required?: boolean;
  /** Shown under the control, and tied to it for screen readers. */
  error?: string | undefined;
  /** A good outcome said the same way (the name check: "The name is free"); the error wins. */
  success?: string | undefined;
  help?: ReactNode;
  /** The messages are announced as they change (a check that answers while the user types). */
  live?: boolean;
  /** Renders the control with the attributes that tie it to its messages. */
  control: (props: FieldControlProps) => ReactNode;
}

/**
 * A labelled Vanilla form group: the control, its validation message (or success) and its help,
 * each tied to the control through `aria-describedby`. The fields of this folder that have a label
 * of their own (text, number, select, file) are one; checkboxes and radio groups carry their
 * labels beside each control.
 */
export function FieldGroup({
  id,
  label,
  required = false,
  error,
  success,
  help,
  live = false,
  control,
}: FieldGroupProps) {
  const messageId = `${id}-message`;
  const helpId = `${id}-help`;
  const message = error ?? success;
  const state = error !== undefined ? " is-error" : success !== undefined ? " is-success" : "";
  const messages = (
    <>
      {message !== undefined && (
        <p className="p-form-validation__message" id={messageId}>
          {message}
        </p>
      )}
      {help !== undefined && (
        <p className="p-form-help-text" id={helpId}>
          {help}
        </p>
      )}
    </>
  );
  return (
    <div className={`p-form__group p-form-validation${state}`}>
      <label className={`p-form__label${required ? " is-required" : ""}`} htmlFor={id}>
        {label}
      </label>
      <div className="p-form__control">
        {control({
          "aria-invalid": error !== undefined,
          "aria-describedby": describedBy(
            message !== undefined && messageId,
            help !== undefined && helpId,
          ),
        })}
        {live ? <div aria-live="polite">{messages}</div> : messages}
      </div>
    </div>
  );
}
