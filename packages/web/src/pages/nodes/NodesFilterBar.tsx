import { nodeStatuses } from "@anbox-dashboard/contract";
import { ListFilters } from "../../components/list/filters/ListFilters.tsx";
import { MultiSelectFilter } from "../../components/list/filters/MultiSelectFilter.tsx";
import { SelectFilter } from "../../components/list/filters/SelectFilter.tsx";
import { TextFilter } from "../../components/list/filters/TextFilter.tsx";
import { optionsOf } from "../../components/list/filters/filter-option.ts";
import { RefreshingIndicator } from "../../components/list/RefreshingIndicator.tsx";
import type { ListFilters as UrlFilters } from "../../components/list/url/list-params.ts";
import { filterValue, filterValues } from "../../components/list/url/list-query.ts";
import { queryKeys } from "../../context/query-keys.ts";
import { schedulingValues, type NodeFilterKey, type NodeListQuery } from "./nodes-list-source.ts";

const statusOptions = optionsOf(nodeStatuses);
const schedulingOptions = [
  { value: "schedulable", label: "Takes new instances" },
  { value: "unschedulable", label: "Unschedulable" },
];
const nodePagesKey = [...queryKeys.nodes(), "page"];

interface Props {
  urlFilters: UrlFilters;
  query: NodeListQuery;
  onFilter: (key: NodeFilterKey, values: readonly string[]) => void;
  onClear: () => void;
  filtered: boolean;
}

/** Search by a part of the name or address, status and schedulability, all in the URL. */
export function NodesFilterBar({ urlFilters, query, onFilter, onClear, filtered }: Props) {
  return (
    <ListFilters
      label="Filter nodes"
      filtered={filtered}
      onClear={onClear}
      moreActive={Object.keys(query.filters).filter((key) => key !== "search").length}
      aside={<RefreshingIndicator queryKey={nodePagesKey} />}
      more={
        <>
          <MultiSelectFilter
            label="Status"
            legend="Statuses to list"
            anyLabel="Any status"
            options={statusOptions}
            selected={filterValues(query, "status", nodeStatuses)}
            onChange={(statuses) => {
              onFilter("status", statuses);
            }}
          />
          <SelectFilter
            label="Scheduling"
            anyLabel="Any"
            options={schedulingOptions}
            value={filterValues(query, "scheduling", schedulingValues)[0]}
            onChange={(value) => {
              onFilter("scheduling", value === undefined ? [] : [value]);
            }}
          />
        </>
      }
    >
      <TextFilter
        label="Search"
        filterKey="search"
        value={urlFilters.search?.[0] ?? filterValue(query, "search") ?? ""}
        onFilter={onFilter}
        placeholder="Name or address"
        debounceMs={300}
        type="search"
      />
    </ListFilters>
  );
}
