import { filterValue, filterValues, type ListQuery } from "../url/list-query.ts";
import type { FilterOption } from "./filter-option.ts";
import { MultiSelectFilter } from "./MultiSelectFilter.tsx";
import { SelectFilter } from "./SelectFilter.tsx";
import { TextFilter } from "./TextFilter.tsx";

/** What a filter bar reads and writes of its list's URL state (`useListUrlState`). */
export interface FilterBarList<FilterKey extends string> {
  /** The filters as the URL writes them (a search keeps the spaces being typed). */
  params: { filters: Partial<Record<string, readonly string[]>> };
  query: ListQuery<string, FilterKey>;
  setFilter: (key: FilterKey, values: readonly string[]) => void;
  clearFilters: () => void;
  /** Whether any filter narrows the list. */
  filtered: boolean;
}

interface FieldProps<FilterKey extends string> {
  list: FilterBarList<FilterKey>;
  filterKey: FilterKey;
  label: string;
}

/** Any of several values of one filter (statuses, say), written to the URL at each tick. */
export function AnyOfFilter<FilterKey extends string>({
  list,
  filterKey,
  label,
  legend = "Statuses to list",
  anyLabel = "Any status",
  options,
  values,
}: FieldProps<FilterKey> & {
  /** Names the group of boxes: "Statuses to list". */
  legend?: string;
  anyLabel?: string;
  options: readonly FilterOption[];
  /** The values the filter takes (anything else in the URL is dropped). */
  values: readonly string[];
}) {
  return (
    <MultiSelectFilter
      label={label}
      legend={legend}
      anyLabel={anyLabel}
      options={options}
      selected={filterValues(list.query, filterKey, values)}
      onChange={(picked) => {
        list.setFilter(filterKey, picked);
      }}
    />
  );
}

/** One value of a filter among a few, or any. */
export function OneOfFilter<FilterKey extends string>({
  list,
  filterKey,
  label,
  anyLabel,
  options,
}: FieldProps<FilterKey> & { anyLabel: string; options: readonly FilterOption[] }) {
  return (
    <SelectFilter
      label={label}
      anyLabel={anyLabel}
      options={options}
      value={filterValue(list.query, filterKey)}
      onChange={(value) => {
        list.setFilter(filterKey, value === undefined ? [] : [value]);
      }}
    />
  );
}

/** The quick search: a part of the name, written while typing (after `debounceMs`). */
export function SearchFilter<FilterKey extends string>({
  list,
  filterKey,
  placeholder = "Part of the name",
  debounceMs = 0,
}: Omit<FieldProps<FilterKey>, "label"> & { placeholder?: string; debounceMs?: number }) {
  return (
    <TextFilter
      label="Search"
      type="search"
      filterKey={filterKey}
      value={list.params.filters[filterKey]?.[0] ?? ""}
      onFilter={list.setFilter}
      placeholder={placeholder}
      debounceMs={debounceMs}
    />
  );
}
