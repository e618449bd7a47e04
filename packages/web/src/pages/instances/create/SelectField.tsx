import type { ChangeEvent, ReactNode } from "react";
import { FieldGroup } from "../../../components/form/FieldGroup.tsx";

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
  return (
    <FieldGroup
      id={id}
      label={label}
      error={error}
      help={help}
      control={(tie) => (
        <select
          className="p-form-validation__input"
          id={id}
          name={id}
          value={value}
          disabled={disabled}
          {...tie}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        >
          {children}
        </select>
      )}
    />
  );
}
