import { useMemo } from "react";
import type { ClusterOperation, OperationsOrderBy } from "../../api/operations.ts";
import { ListTable } from "../../components/table/ListTable.tsx";
import type { ColumnSort } from "../../components/table/SortableHeader.tsx";
import { operationColumns } from "./operation-columns.tsx";
import { defaultOrderFor } from "./operations-list-request.ts";

export type Sort = ColumnSort<OperationsOrderBy>;

interface Props {
  operations: readonly ClusterOperation[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** Show which cluster each operation runs on (when there is more than one). */
  showCluster: boolean;
  /** What is shown is the previous answer while the next one loads. */
  stale: boolean;
}

/** Ids are unique per cluster only. */
const operationKey = (operation: ClusterOperation) => `${operation.clusterId}/${operation.id}`;

/** One page of operations. */
export function OperationsTable({ operations, sort, onSort, showCluster, stale }: Props) {
  const columns = useMemo(() => operationColumns(showCluster), [showCluster]);
  return (
    <ListTable
      label="Operations"
      rows={operations}
      rowKey={operationKey}
      columns={columns}
      sort={sort}
      onSort={onSort}
      defaultOrder={defaultOrderFor}
      stale={stale}
    />
  );
}
