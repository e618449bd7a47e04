import {
  operationListStatuses,
  operationTypes,
  type OperationType,
} from "@anbox-dashboard/contract";
import { RefreshingIndicator } from "../../components/list/RefreshingIndicator.tsx";
import { queryKeys } from "../../context/query-keys.ts";
import { ListFilters } from "../../components/list/filters/ListFilters.tsx";
import {
  AnyOfFilter,
  type FilterBarList,
} from "../../components/list/filters/list-filter-fields.tsx";
import { optionsOf } from "../../components/list/filters/filter-option.ts";
import type { OperationFilterKey } from "./operations-list-request.ts";

const typeLabels: Record<OperationType, string> = {
  instances: "Instances",
  applications: "Applications",
  images: "Images",
  nodes: "Nodes",
  other: "Other (configuration, certificates…)",
};

/** "Updating" shows while any page of operations loads (a live refetch, another page). */
const operationPagesKey = [...queryKeys.operations(), "page"];

const statusOptions = optionsOf(operationListStatuses);
const typeOptions = operationTypes.map((type) => ({ value: type, label: typeLabels[type] }));

/** Operations by status and by what they act on, both in the URL. */
export function OperationsFilterBar({ list }: { list: FilterBarList<OperationFilterKey> }) {
  return (
    <ListFilters
      label="Filter operations"
      list={list}
      aside={<RefreshingIndicator queryKey={operationPagesKey} />}
    >
      <AnyOfFilter
        list={list}
        filterKey="status"
        label="Status"
        options={statusOptions}
        values={operationListStatuses}
      />
      <AnyOfFilter
        list={list}
        filterKey="type"
        label="Type"
        legend="Operations acting on"
        anyLabel="Any type"
        options={typeOptions}
        values={operationTypes}
      />
    </ListFilters>
  );
}
