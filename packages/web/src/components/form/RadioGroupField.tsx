import { useId, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { describedBy } from "./described-by.ts";
import { useFormField, type FieldBinding } from "./use-form-field.ts";

interface RadioGroupFieldProps<
  Values extends FieldValues,
  Value extends string,
> extends FieldBinding<Values, Value> {
  /** The name of the group, its fieldset's legend: read with each choice. */
  legend: string;
  /** A choice with `unavailable` is disabled, and the reason is said with the group's help. */
  options: readonly { value: Value; label: string; unavailable?: string }[];
  help?: ReactNode;
  /** The choice shown when it is not the field's own value: one the page makes by itself. */
  shownValue?: Value;
}

/**
 * Vanilla radio buttons in a fieldset bound to a react-hook-form field; the message and help are
 * tied to the group, so that they are read when it is entered.
 */
export function RadioGroupField<Values extends FieldValues, Value extends string>({
  control,
  name,
  legend,
  options,
  help,
  shownValue,
}: RadioGroupFieldProps<Values, Value>) {
  const id = useId();
  const { ref, ...field } = useFormField<Values, Value>({ control, name });
  const chosen = shownValue ?? field.value;
  // The focus goes to the chosen button when the group is wrong, as Tab would (the first if none).
  const focusIndex = Math.max(
    0,
    options.findIndex((option) => option.value === chosen),
  );
  const messageId = `${id}-message`;
  const helpId = `${id}-help`;
  const reasons = options.flatMap((option) =>
    option.unavailable === undefined ? [] : [option.unavailable],
  );
  const helpShown =
    help === undefined && reasons.length === 0 ? undefined : (
      <>
        {reasons.join(" ")}
        {reasons.length > 0 && help !== undefined && " "}
        {help}
      </>
    );
  return (
    <fieldset
      className={`p-form__group p-form-validation form-choices${field.error !== undefined ? " is-error" : ""}`}
      aria-describedby={describedBy(
        field.error !== undefined && messageId,
        helpShown !== undefined && helpId,
      )}
    >
      <legend className="p-form__label">{legend}</legend>
      {options.map((option, index) => (
        <label className="p-radio--inline" key={option.value}>
          <input
            className="p-radio__input"
            type="radio"
            name={field.name}
            value={option.value}
            checked={option.value === chosen}
            disabled={option.unavailable !== undefined && option.value !== chosen}
            ref={index === focusIndex ? ref : undefined}
            onChange={() => {
              field.onChange(option.value);
            }}
            onBlur={field.onBlur}
          />
          <span className="p-radio__label">{option.label}</span>
        </label>
      ))}
      {field.error !== undefined && (
        <p className="p-form-validation__message" id={messageId}>
          {field.error}
        </p>
      )}
      {helpShown !== undefined && (
        <p className="p-form-help-text" id={helpId}>
          {helpShown}
        </p>
      )}
    </fieldset>
  );
}
