import type { ReactNode } from "react";
import { ListFilters } from "./ListFilters.tsx";
import { optionsOf, type FilterOption } from "./filter-option.ts";
import {
  AnyOfFilter,
  OneOfFilter,
  SearchFilter,
  type FilterBarList,
} from "./list-filter-fields.tsx";
import type { NameTypeStatusFilterKey } from "./name-type-status.ts";

interface Props {
  /** "Filter images". */
  label: string;
  list: FilterBarList<NameTypeStatusFilterKey>;
  typeOptions: readonly FilterOption[];
  /** Every status, in the order the filter offers them. */
  statuses: readonly string[];
  /** Beside the filters: "Updating", say. */
  aside?: ReactNode;
}

/** Search by a part of the name (as it is typed), type and status: all in the URL. */
export function NameTypeStatusFilters({ label, list, typeOptions, statuses, aside }: Props) {
  return (
    <ListFilters
      label={label}
      list={list}
      aside={aside}
      more={
        <>
          <OneOfFilter
            list={list}
            filterKey="type"
            label="Type"
            anyLabel="Any type"
            options={typeOptions}
          />
          <AnyOfFilter
            list={list}
            filterKey="status"
            label="Status"
            options={optionsOf(statuses)}
            values={statuses}
          />
        </>
      }
    >
      <SearchFilter list={list} filterKey="search" />
    </ListFilters>
  );
}
