import type { ReactNode } from "react";
import type { ListFilters as UrlFilters } from "../url/list-params.ts";
import { filterValue, filterValues, type ListQuery } from "../url/list-query.ts";
import { ListFilters } from "./ListFilters.tsx";
import { MultiSelectFilter } from "./MultiSelectFilter.tsx";
import { SelectFilter } from "./SelectFilter.tsx";
import { TextFilter } from "./TextFilter.tsx";
import { optionsOf, type FilterOption } from "./filter-option.ts";
import type { NameTypeStatusFilterKey } from "./name-type-status.ts";

interface Props<SortKey extends string> {
  /** "Filter images". */
  label: string;
  typeOptions: readonly FilterOption[];
  /** Every status, in the order the filter offers them. */
  statuses: readonly string[];
  /** The filters as the URL writes them (a search keeps the spaces being typed). */
  urlFilters: UrlFilters;
  query: ListQuery<SortKey, NameTypeStatusFilterKey>;
  onFilter: (key: NameTypeStatusFilterKey, values: readonly string[]) => void;
  onClear: () => void;
  filtered: boolean;
  /** Beside the filters: "Updating", say. */
  aside?: ReactNode;
}

/** Search by a part of the name (as it is typed), type and status: all in the URL. */
export function NameTypeStatusFilters<SortKey extends string>({
  label,
  typeOptions,
  statuses,
  urlFilters,
  query,
  onFilter,
  onClear,
  filtered,
  aside,
}: Props<SortKey>) {
  return (
    <ListFilters
      label={label}
      filtered={filtered}
      onClear={onClear}
      moreActive={Object.keys(query.filters).filter((key) => key !== "search").length}
      aside={aside}
      more={
        <>
          <SelectFilter
            label="Type"
            anyLabel="Any type"
            options={typeOptions}
            value={filterValue(query, "type")}
            onChange={(type) => {
              onFilter("type", type === undefined ? [] : [type]);
            }}
          />
          <MultiSelectFilter
            label="Status"
            legend="Statuses to list"
            anyLabel="Any status"
            options={optionsOf(statuses)}
            selected={filterValues(query, "status", statuses)}
            onChange={(picked) => {
              onFilter("status", picked);
            }}
          />
        </>
      }
    >
      <TextFilter
        label="Search"
        type="search"
        filterKey="search"
        value={urlFilters.search?.[0] ?? ""}
        onFilter={onFilter}
        placeholder="Part of the name"
        debounceMs={0}
      />
    </ListFilters>
  );
}
