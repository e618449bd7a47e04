import { useMemo } from "react";
import type { ApplicationsListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterApplication } from "../../../api/applications.ts";
import { ListTable } from "../../../components/table/ListTable.tsx";
import type { ColumnSort } from "../../../components/table/SortableHeader.tsx";
import { applicationColumns } from "./application-columns.tsx";
import { applicationKey } from "./application-key.ts";
import { defaultOrderFor } from "./applications-list-source.ts";

interface Props {
  applications: readonly ClusterApplication[];
  sort: ColumnSort<ApplicationsListOrderBy>;
  onSort: (sort: ColumnSort<ApplicationsListOrderBy>) => void;
  selectedKeys: ReadonlySet<string>;
  onToggle: (key: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onDelete: (application: ClusterApplication) => void;
  /** What is shown is the previous answer while the next one loads. */
  stale: boolean;
}

const selectLabel = (application: ClusterApplication) => `Select ${application.name}`;

/** One page of applications with their columns, selection and actions. */
export function ApplicationsTable({
  applications,
  sort,
  onSort,
  selectedKeys,
  onToggle,
  onToggleAll,
  onDelete,
  stale,
}: Props) {
  // The same columns from render to render, or every row would render again.
  const columns = useMemo(() => applicationColumns(onDelete), [onDelete]);
  const selection = useMemo(
    () => ({
      keys: selectedKeys,
      onToggle,
      onToggleAll,
      rowLabel: selectLabel,
      allLabel: "Select all applications on this page",
    }),
    [selectedKeys, onToggle, onToggleAll],
  );
  return (
    <ListTable
      label="Applications"
      rows={applications}
      rowKey={applicationKey}
      columns={columns}
      sort={sort}
      onSort={onSort}
      defaultOrder={defaultOrderFor}
      selection={selection}
      stale={stale}
    />
  );
}
