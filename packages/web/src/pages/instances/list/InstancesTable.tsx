import { useMemo } from "react";
import type { InstanceListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterInstance } from "../../../api/instances.ts";
import { ListTable } from "../../../components/table/ListTable.tsx";
import type { ColumnSort } from "../../../components/table/SortableHeader.tsx";
import type { InstanceAction } from "../shared/instance-actions.ts";
import { instanceColumns } from "./instance-columns.tsx";
import { instanceKey } from "./instance-key.ts";
import { defaultOrderFor } from "./list-request.ts";

interface Props {
  instances: readonly ClusterInstance[];
  sort: ColumnSort<InstanceListOrderBy>;
  onSort: (sort: ColumnSort<InstanceListOrderBy>) => void;
  selectedKeys: ReadonlySet<string>;
  onToggle: (key: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  /** Instances with a write under way. */
  busyKeys: ReadonlySet<string>;
  onAction: (instance: ClusterInstance, action: InstanceAction) => void;
  /** What is shown is the previous answer while the next one loads. */
  stale: boolean;
  /** Each row says its cluster (useNamesClusters). */
  showCluster: boolean;
}

const selectLabel = (instance: ClusterInstance) => `Select ${instance.name}`;

/** One page of instances (at most 100 rows: the server pages), with their columns and actions. */
export function InstancesTable({
  instances,
  sort,
  onSort,
  selectedKeys,
  onToggle,
  onToggleAll,
  busyKeys,
  onAction,
  stale,
  showCluster,
}: Props) {
  // The same columns from render to render, or every row would render again.
  const columns = useMemo(() => instanceColumns(onAction, showCluster), [onAction, showCluster]);
  const selection = useMemo(
    () => ({
      keys: selectedKeys,
      onToggle,
      onToggleAll,
      rowLabel: selectLabel,
      allLabel: "Select all instances on this page",
    }),
    [selectedKeys, onToggle, onToggleAll],
  );
  return (
    <ListTable
      label="Instances"
      rows={instances}
      rowKey={instanceKey}
      columns={columns}
      sort={sort}
      onSort={onSort}
      defaultOrder={defaultOrderFor}
      selection={selection}
      busyKeys={busyKeys}
      stale={stale}
    />
  );
}
