import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
import { FieldGroup } from "../../../components/form/FieldGroup.tsx";

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown under the field in Vanilla's error style, and announced with it. */
  error: string | undefined;
  /** A positive outcome (the name is free), in Vanilla's success style. */
  success?: string;
  help?: ReactNode;
  type?: "text" | "number";
  min?: number;
  max?: number;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>["autoComplete"];
  /** Messages that change without the person acting on this field are read out when they do. */
  live?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A labelled Vanilla input with its messages tied to it for screen readers. */
export function TextField({
  id,
  label,
  value,
  error,
  success,
  help,
  type = "text",
  min,
  max,
  autoComplete = "off",
  live = false,
  onChange,
  onBlur,
}: TextFieldProps) {
  return (
    <FieldGroup
      id={id}
      label={label}
      error={error}
      success={success}
      help={help}
      live={live}
      control={(tie) => (
        <input
          className="p-form-validation__input"
          id={id}
          name={id}
          type={type}
          inputMode={type === "number" ? "numeric" : undefined}
          min={min}
          max={max}
          step={type === "number" ? 1 : undefined}
          value={value}
          autoComplete={autoComplete}
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
