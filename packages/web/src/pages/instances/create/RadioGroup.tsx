import type { ReactNode } from "react";

interface RadioGroupProps<Value extends string> {
  /** The name of the group, its fieldset's legend. */
  legend: string;
  name: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  help?: ReactNode;
  onChange: (value: Value) => void;
}

/** Vanilla radio buttons in a fieldset, so that the group's name is read with each choice. */
export function RadioGroup<Value extends string>({
  legend,
  name,
  value,
  options,
  help,
  onChange,
}: RadioGroupProps<Value>) {
  const helpId = `${name}-help`;
  return (
    <fieldset
      className="p-form__group instance-create__choices"
      aria-describedby={help !== undefined ? helpId : undefined}
    >
      <legend className="p-form__label">{legend}</legend>
      {options.map((option) => (
        <label className="p-radio--inline" key={option.value}>
          <input
            className="p-radio__input"
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => {
              onChange(option.value);
            }}
          />
          <span className="p-radio__label">{option.label}</span>
        </label>
      ))}
      {help !== undefined && (
        <p className="p-form-help-text" id={helpId}>
          {help}
        </p>
      )}
    </fieldset>
  );
}
