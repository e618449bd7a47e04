import type { ChangeEvent, ReactNode } from "react";
import { describedBy } from "./described-by.ts";

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  help?: ReactNode;
  disabled?: boolean;
  /** The `<option>`s and `<optgroup>`s. */
  children: ReactNode;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A labelled Vanilla select with its messages tied to it for screen readers. */
export function SelectField({
  id,
  label,
  value,
  error,
  help,
  disabled = false,
  children,
  onChange,
  onBlur,
}: SelectFieldProps) {
  const messageId = `${id}-message`;
  const helpId = `${id}-help`;
  return (
    <div className={`p-form__group p-form-validation${error !== undefined ? " is-error" : ""}`}>
      <label className="p-form__label" htmlFor={id}>
        {label}
      </label>
      <div className="p-form__control">
        <select
          className="p-form-validation__input"
          id={id}
          name={id}
          value={value}
          disabled={disabled}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(
            error !== undefined && messageId,
            help !== undefined && helpId,
          )}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        >
          {children}
        </select>
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
