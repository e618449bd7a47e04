import { useId } from "react";
import { LabelWithUnit } from "../../../components/form/LabelWithUnit.tsx";
import { FieldGroup } from "../../../components/form/FieldGroup.tsx";

interface Props {
  label: string;
  /** Shown after the input, and read with the label. */
  unit?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: "number" | "text" | "tel";
  multiline?: boolean;
  min?: number;
  max?: number;
  step?: number;
  /** Shown while it is empty: the device's value now, say. */
  placeholder?: string | undefined;
}

/** A labelled input of a device control's form, with its unit and its message. */
export function DeviceField({
  label,
  unit,
  value,
  onChange,
  error,
  type = "text",
  multiline = false,
  min,
  max,
  step,
  placeholder,
}: Props) {
  const id = useId();
  return (
    <FieldGroup
      id={id}
      label={<LabelWithUnit label={label} unit={unit} />}
      error={error}
      control={(tie) => (
        <div className="number-field">
          {multiline ? (
            <textarea
              className="p-form-validation__input"
              id={id}
              rows={3}
              value={value}
              {...tie}
              onChange={(event) => {
                onChange(event.target.value);
              }}
            />
          ) : (
            <input
              className="p-form-validation__input"
              id={id}
              type={type}
              inputMode={type === "number" ? "decimal" : undefined}
              min={min}
              max={max}
              step={step ?? (type === "number" ? "any" : undefined)}
              value={value}
              placeholder={placeholder}
              autoComplete="off"
              {...tie}
              onChange={(event) => {
                onChange(event.target.value);
              }}
            />
          )}
          {unit !== undefined && (
            <span className="number-field__unit" aria-hidden="true">
              {unit}
            </span>
          )}
        </div>
      )}
    />
  );
}
