import type { ReactNode } from "react";

interface CheckboxFieldProps {
  id: string;
  label: string;
  checked: boolean;
  help?: ReactNode;
  onChange: (checked: boolean) => void;
}

/** A Vanilla checkbox with its explanation tied to it. */
export function CheckboxField({ id, label, checked, help, onChange }: CheckboxFieldProps) {
  const helpId = `${id}-help`;
  return (
    <div className="p-form__group">
      <label className="p-checkbox">
        <input
          className="p-checkbox__input"
          type="checkbox"
          id={id}
          name={id}
          checked={checked}
          aria-describedby={help !== undefined ? helpId : undefined}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
        <span className="p-checkbox__label">{label}</span>
      </label>
      {help !== undefined && (
        <p className="p-form-help-text is-tick-element" id={helpId}>
          {help}
        </p>
      )}
    </div>
  );
}
