import type { ChangeEvent, InputHTMLAttributes } from "react";
import { FieldGroup } from "../../components/form/FieldGroup.tsx";

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
  return (
    <FieldGroup
      id={id}
      label={label}
      required
      error={error}
      help={help}
      control={(tie) => (
        <input
          className="p-form-validation__input"
          id={id}
          name={id}
          type={type}
          value={value}
          autoComplete={autoComplete}
          required
          {...tie}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        />
      )}
    />
  );
}
