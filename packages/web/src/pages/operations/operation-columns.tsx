import type { ClusterOperation, OperationsOrderBy } from "../../api/operations.ts";
import { breakableText } from "../../components/table/breakable-text.tsx";
import type { TableColumn } from "../../components/table/table-column.ts";
import { timeCell } from "../../components/table/time-cell.tsx";
import { describeOperation } from "./operation-description.ts";
import { OperationStatus } from "./OperationStatus.tsx";
import { resourceLinks } from "./resource-links.ts";
import type { ColumnContext } from "../../components/list/ResourceList.tsx";

export type OperationColumn = TableColumn<ClusterOperation, OperationsOrderBy>;

/** What it acts on, by name, each linking to its page when the dashboard has one. */
function resourcesCell(operation: ClusterOperation) {
  const links = resourceLinks(operation.resources, operation.clusterId, operation.resourceNames);
  if (links.length === 0) return null;
  return (
    <ul className="operations-list__resources">
      {links.map((link) => (
        <li key={link.label}>
          {link.to ? (
            <a href={link.to} aria-label={link.label}>
              {breakableText(link.label)}
            </a>
          ) : (
            breakableText(link.label)
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The columns of the operations list. What it is and its status always show; then what it acts
 * on and its error, the time it started, when it last changed, and the cluster (when the dashboard
 * follows several) give way in that order as the width shrinks.
 */
export function operationColumns({
  showCluster,
}: Pick<ColumnContext<ClusterOperation, never>, "showCluster">): OperationColumn[] {
  const columns: OperationColumn[] = [
    {
      id: "status",
      header: "Status",
      sortKey: "status",
      cell: (operation) => <OperationStatus status={operation.status} />,
      priority: 0,
      minWidth: 7.5,
    },
    {
      id: "description",
      header: "Operation",
      sortKey: "description",
      cell: describeOperation,
      priority: 0,
      minWidth: 10,
      grow: 2,
      rowHeader: true,
      unlabelledInCards: true,
    },
    {
      id: "resources",
      header: "Resources",
      cell: resourcesCell,
      priority: 1,
      minWidth: 12,
      grow: 3,
    },
    {
      id: "created",
      header: "Created",
      sortKey: "created_at",
      cell: (operation) => timeCell(operation.created_at),
      priority: 2,
      minWidth: 11,
    },
    {
      id: "updated",
      header: "Updated",
      sortKey: "updated_at",
      cell: (operation) => timeCell(operation.updated_at),
      priority: 3,
      minWidth: 11,
    },
    {
      id: "error",
      header: "Error",
      cell: (operation) =>
        operation.err === "" ? null : (
          <span className="operations-list__error">{operation.err}</span>
        ),
      priority: 1,
      minWidth: 10,
      grow: 2,
    },
  ];
  if (showCluster) {
    columns.splice(3, 0, {
      id: "cluster",
      header: "Cluster",
      cell: (operation) => operation.clusterId,
      priority: 4,
      minWidth: 7,
    });
  }
  return columns;
}
