import { useId } from "react";
import type { FilterOption } from "./filter-option.ts";

interface Props {
  label: string;
  options: readonly FilterOption[];
  /** The value picked; undefined: any. */
  value: string | undefined;
  /** The choice that does not filter: "Any type". */
  anyLabel: string;
  onChange: (value: string | undefined) => void;
}

/** One value among a few, or any. */
export function SelectFilter({ label, options, value, anyLabel, onChange }: Props) {
  const id = useId();
  return (
    <div className="list-filter">
      <label className="list-filter__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          onChange(picked === "" ? undefined : picked);
        }}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
