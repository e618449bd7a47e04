import type { ClusterOperation, OperationsOrderBy } from "../../api/operations.ts";
import { ResourceList, type ResourceListDeclaration } from "../../components/list/ResourceList.tsx";
import { useOperationsPage } from "../../queries/operations.ts";
import { operationColumns } from "./operation-columns.tsx";
import {
  defaultOrderFor,
  operationsListSource,
  type OperationFilterKey,
  type OperationsListRequest,
} from "./operations-list-request.ts";
import { OperationsFilterBar } from "./OperationsFilterBar.tsx";
import "./_operations-list.scss";

/**
 * The operations of the clusters, a page at a time: status, type, sort and page live in the URL,
 * the server filters, sorts, pages and names their resources; the events keep it fresh.
 */
const operationsList: ResourceListDeclaration<
  ClusterOperation,
  OperationsOrderBy,
  OperationFilterKey,
  OperationsListRequest,
  never
> = {
  label: "Operations",
  noun: { one: "operation", other: "operations" },
  source: operationsListSource,
  usePage: useOperationsPage,
  // Ids are unique per cluster only.
  rowKey: (operation) => `${operation.clusterId}/${operation.id}`,
  defaultOrder: defaultOrderFor,
  columns: operationColumns,
  filters: (list) => <OperationsFilterBar list={list} />,
  empty: {
    title: "No operations",
    children: (
      <p>
        Operations appear here when instances, applications or images are created, changed or
        removed.
      </p>
    ),
  },
};

export function OperationsList() {
  return <ResourceList declaration={operationsList} />;
}
