import type { ChangeEvent, InputHTMLAttributes } from "react";

interface FormFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown under the field, and announced, once the field has been left or the form sent. */
  error: string | undefined;
  help?: string;
  type: "text" | "email" | "password";
  autoComplete: InputHTMLAttributes<HTMLInputElement>["autoComplete"];
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A labelled Vanilla form field with its validation message tied to the input for screen readers. */
export function FormField({
  id,
  label,
  value,
  error,
  help,
  type,
  autoComplete,
  onChange,
  onBlur,
}: FormFieldProps) {
  const messageId = `${id}-message`;
  const helpId = `${id}-help`;
  const describedBy = [error !== undefined ? messageId : "", help !== undefined ? helpId : ""]
    .filter((part) => part !== "")
    .join(" ");
  return (
    <div className={`p-form__group p-form-validation${error !== undefined ? " is-error" : ""}`}>
      <label className="p-form__label is-required" htmlFor={id}>
        {label}
      </label>
      <div className="p-form__control">
        <input
          className="p-form-validation__input"
          id={id}
          name={id}
          type={type}
          value={value}
          autoComplete={autoComplete}
          required
          aria-invalid={error !== undefined}
          aria-describedby={describedBy === "" ? undefined : describedBy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        />
        {error !== undefined && (
          <p className="p-form-validation__message" id={messageId}>
            {error}
          </p>
        )}
        {help !== undefined && (
          <p className="p-form-help-text" id={helpId}>
            {help}
          </p>
        )}
      </div>
    </div>
  );
}
