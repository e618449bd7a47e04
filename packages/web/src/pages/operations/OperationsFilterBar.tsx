import {
  operationListStatuses,
  operationTypes,
  type OperationType,
} from "@anbox-dashboard/contract";
import { RefreshingIndicator } from "../../components/list/RefreshingIndicator.tsx";
import { queryKeys } from "../../context/query-keys.ts";
import { ListFilters } from "../../components/list/filters/ListFilters.tsx";
import { MultiSelectFilter } from "../../components/list/filters/MultiSelectFilter.tsx";
import { optionsOf } from "../../components/list/filters/filter-option.ts";
import { filterValues } from "../../components/list/url/list-query.ts";
import type { OperationFilterKey, OperationListQuery } from "./operations-list-request.ts";

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

interface Props {
  query: OperationListQuery;
  onFilter: (key: OperationFilterKey, values: readonly string[]) => void;
  onClear: () => void;
  filtered: boolean;
}

/** Operations by status and by what they act on, both in the URL. */
export function OperationsFilterBar({ query, onFilter, onClear, filtered }: Props) {
  const status = filterValues(query, "status", operationListStatuses);
  const type = filterValues(query, "type", operationTypes);
  return (
    <ListFilters
      label="Filter operations"
      filtered={filtered}
      onClear={onClear}
      aside={<RefreshingIndicator queryKey={operationPagesKey} />}
    >
      <MultiSelectFilter
        label="Status"
        legend="Statuses to list"
        anyLabel="Any status"
        options={statusOptions}
        selected={status}
        onChange={(values) => {
          onFilter("status", values);
        }}
      />
      <MultiSelectFilter
        label="Type"
        legend="Operations acting on"
        anyLabel="Any type"
        options={typeOptions}
        selected={type}
        onChange={(values) => {
          onFilter("type", values);
        }}
      />
    </ListFilters>
  );
}
