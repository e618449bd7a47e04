import { useId, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { FieldGroup } from "./FieldGroup.tsx";
import { useFormField, type FieldBinding } from "./use-form-field.ts";

interface SelectFieldProps<Values extends FieldValues> extends FieldBinding<Values, string> {
  label: string;
  help?: ReactNode;
  disabled?: boolean;
  /**
   * The option shown when it is not the field's own value: a choice the page makes by itself
   * until the person makes one (the instance form's default image, first cluster).
   */
  shownValue?: string;
  /** A problem of the field that is not a rule broken (its options could not be loaded). */
  problem?: string | undefined;
  /** The `<option>`s and `<optgroup>`s. */
  children: ReactNode;
}

/** A labelled Vanilla select bound to a react-hook-form field. */
export function SelectField<Values extends FieldValues>({
  control,
  name,
  label,
  help,
  disabled = false,
  shownValue,
  problem,
  children,
}: SelectFieldProps<Values>) {
  const id = useId();
  const { ref, ...field } = useFormField({ control, name });
  return (
    <FieldGroup
      id={id}
      label={label}
      error={problem ?? field.error}
      help={help}
      control={(tie) => (
        <select
          className="p-form-validation__input"
          id={id}
          name={field.name}
          value={shownValue ?? field.value}
          disabled={disabled}
          ref={ref}
          {...tie}
          onChange={(event) => {
            field.onChange(event.target.value);
          }}
          onBlur={field.onBlur}
        >
          {children}
        </select>
      )}
    />
  );
}
