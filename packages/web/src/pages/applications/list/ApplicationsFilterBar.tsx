import { applicationStatuses, applicationTypes } from "@anbox-dashboard/contract";
import { ListFilters } from "../../../components/list/filters/ListFilters.tsx";
import { MultiSelectFilter } from "../../../components/list/filters/MultiSelectFilter.tsx";
import { SelectFilter } from "../../../components/list/filters/SelectFilter.tsx";
import { TextFilter } from "../../../components/list/filters/TextFilter.tsx";
import { optionsOf } from "../../../components/list/filters/filter-option.ts";
import type { ListFilters as UrlFilters } from "../../../components/list/url/list-params.ts";
import { filterValue, filterValues } from "../../../components/list/url/list-query.ts";
import { applicationTypeLabel } from "../shared/application-facts.ts";
import type { ApplicationFilterKey, ApplicationListQuery } from "./applications-list-source.ts";

const statusOptions = optionsOf(applicationStatuses);
const typeOptions = applicationTypes.map((type) => ({
  value: type,
  label: applicationTypeLabel(type),
}));

interface Props {
  /** The filters as the URL writes them (a search keeps the spaces being typed). */
  urlFilters: UrlFilters;
  query: ApplicationListQuery;
  onFilter: (key: ApplicationFilterKey, values: readonly string[]) => void;
  onClear: () => void;
  filtered: boolean;
}

/** Search by a part of the name (as it is typed), type and status: all in the URL. */
export function ApplicationsFilterBar({ urlFilters, query, onFilter, onClear, filtered }: Props) {
  return (
    <ListFilters
      label="Filter applications"
      filtered={filtered}
      onClear={onClear}
      moreActive={Object.keys(query.filters).filter((key) => key !== "search").length}
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
            options={statusOptions}
            selected={filterValues(query, "status", applicationStatuses)}
            onChange={(statuses) => {
              onFilter("status", statuses);
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
