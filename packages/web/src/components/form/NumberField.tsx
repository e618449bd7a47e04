import { useId, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { WholeNumberBounds } from "@anbox-dashboard/contract";
import { LabelWithUnit } from "./LabelWithUnit.tsx";
import { FieldGroup } from "./FieldGroup.tsx";
import { useFormField, type FieldBinding } from "./use-form-field.ts";

interface NumberFieldProps<Values extends FieldValues> extends FieldBinding<Values, string> {
  label: string;
  /** Shown after the input ("GB", "pixels"), and read with the label: "Memory (GB)". */
  unit?: string;
  /** The bounds of the form's schema (from the contract), for the input's arrows and hints. */
  bounds: WholeNumberBounds;
  help?: ReactNode;
}

/**
 * A labelled whole-number input with its unit, bound to a react-hook-form field. The value stays
 * the text typed ("", "1.5" included), so that the form's schema can say what is wrong with it
 * rather than the browser dropping it.
 */
export function NumberField<Values extends FieldValues>({
  control,
  name,
  label,
  unit,
  bounds,
  help,
}: NumberFieldProps<Values>) {
  const id = useId();
  const { ref, ...field } = useFormField({ control, name });
  return (
    <FieldGroup
      id={id}
      label={<LabelWithUnit label={label} unit={unit} />}
      error={field.error}
      help={help}
      control={(tie) => (
        <div className="number-field">
          <input
            className="p-form-validation__input"
            id={id}
            name={field.name}
            type="number"
            inputMode="numeric"
            min={bounds.min}
            max={bounds.max}
            step={1}
            value={field.value}
            autoComplete="off"
            ref={ref}
            {...tie}
            onChange={(event) => {
              field.onChange(event.target.value);
            }}
            onBlur={field.onBlur}
          />
          {unit !== undefined && (
            // The label already says it to screen readers.
            <span className="number-field__unit" aria-hidden="true">
              {unit}
            </span>
          )}
        </div>
      )}
    />
  );
}
