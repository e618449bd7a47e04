import { nodeStatuses } from "@anbox-dashboard/contract";
import { ListFilters } from "../../components/list/filters/ListFilters.tsx";
import {
  AnyOfFilter,
  OneOfFilter,
  SearchFilter,
  type FilterBarList,
} from "../../components/list/filters/list-filter-fields.tsx";
import { optionsOf } from "../../components/list/filters/filter-option.ts";
import { RefreshingIndicator } from "../../components/list/RefreshingIndicator.tsx";
import { queryKeys } from "../../context/query-keys.ts";
import type { NodeFilterKey } from "./nodes-list-source.ts";

const statusOptions = optionsOf(nodeStatuses);
const schedulingOptions = [
  { value: "schedulable", label: "Takes new instances" },
  { value: "unschedulable", label: "Unschedulable" },
];
const nodePagesKey = [...queryKeys.nodes(), "page"];

/** Search by a part of the name or address, status and schedulability, all in the URL. */
export function NodesFilterBar({ list }: { list: FilterBarList<NodeFilterKey> }) {
  return (
    <ListFilters
      label="Filter nodes"
      list={list}
      aside={<RefreshingIndicator queryKey={nodePagesKey} />}
      more={
        <>
          <AnyOfFilter
            list={list}
            filterKey="status"
            label="Status"
            options={statusOptions}
            values={nodeStatuses}
          />
          <OneOfFilter
            list={list}
            filterKey="scheduling"
            label="Scheduling"
            anyLabel="Any"
            options={schedulingOptions}
          />
        </>
      }
    >
      <SearchFilter list={list} filterKey="search" placeholder="Name or address" debounceMs={300} />
    </ListFilters>
  );
}
