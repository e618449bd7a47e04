import { useId, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { describedBy } from "./described-by.ts";
import { useFormField, type FieldBinding } from "./use-form-field.ts";

interface CheckboxFieldProps<Values extends FieldValues> extends FieldBinding<Values, boolean> {
  label: string;
  help?: ReactNode;
}

/** A Vanilla checkbox bound to a react-hook-form field, its message and help tied to it. */
export function CheckboxField<Values extends FieldValues>({
  control,
  name,
  label,
  help,
}: CheckboxFieldProps<Values>) {
  const id = useId();
  const { ref, ...field } = useFormField({ control, name });
  const messageId = `${id}-message`;
  const helpId = `${id}-help`;
  return (
    <div
      className={`p-form__group p-form-validation${field.error !== undefined ? " is-error" : ""}`}
    >
      <label className="p-checkbox">
        <input
          className="p-checkbox__input"
          type="checkbox"
          id={id}
          name={field.name}
          checked={field.value}
          ref={ref}
          aria-invalid={field.error !== undefined}
          aria-describedby={describedBy(
            field.error !== undefined && messageId,
            help !== undefined && helpId,
          )}
          onChange={(event) => {
            field.onChange(event.target.checked);
          }}
          onBlur={field.onBlur}
        />
        <span className="p-checkbox__label">{label}</span>
      </label>
      {field.error !== undefined && (
        <p className="p-form-validation__message" id={messageId}>
          {field.error}
        </p>
      )}
      {help !== undefined && (
        <p className="p-form-help-text is-tick-element" id={helpId}>
          {help}
        </p>
      )}
    </div>
  );
}
