interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What force does here, after "Force delete": "(stops active instances at once)". */
  effect?: string;
}

/** The box a delete the cluster would refuse asks to be ticked before it is sent by force. */
export function ForceDeleteCheckbox({ checked, onChange, effect }: Props) {
  return (
    <label className="p-checkbox">
      <input
        type="checkbox"
        className="p-checkbox__input"
        checked={checked}
        onChange={(event) => {
          onChange(event.currentTarget.checked);
        }}
      />
      <span className="p-checkbox__label">
        {effect === undefined ? "Force delete" : `Force delete ${effect}`}
      </span>
    </label>
  );
}
