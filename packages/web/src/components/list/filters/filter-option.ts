/** A value a filter offers, and how it reads. */
export interface FilterOption {
  value: string;
  label: string;
}

/** Options whose label is the value itself ("running"). */
export function optionsOf(values: readonly string[]): FilterOption[] {
  return values.map((value) => ({ value, label: value }));
}
