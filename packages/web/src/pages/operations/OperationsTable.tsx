import { Link } from "react-router";
import { SortableHeader, type ColumnSort } from "../../components/table/SortableHeader.tsx";
import type { ClusterOperation, OperationsOrder, OperationsOrderBy } from "../../api/operations.ts";
import { absoluteTime, relativeTime } from "./format-time.ts";
import { OperationStatus } from "./OperationStatus.tsx";
import { resourceLinks } from "./resource-links.ts";

export type Sort = ColumnSort<OperationsOrderBy>;

interface Props {
  operations: readonly ClusterOperation[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** Show which cluster each operation runs on (when there is more than one). */
  showCluster: boolean;
}

/** Times read best newest first; words A to Z. */
function defaultOrder(column: OperationsOrderBy): OperationsOrder {
  return column === "created_at" || column === "updated_at" ? "desc" : "asc";
}

export function OperationsTable({ operations, sort, onSort, showCluster }: Props) {
  const header = { sort, onSort, defaultOrder };
  return (
    <table className="operations-page__table" aria-label="Operations">
      <thead>
        <tr>
          <SortableHeader column="status" label="Status" {...header} />
          <SortableHeader column="description" label="Description" {...header} />
          <th scope="col">Resources</th>
          {showCluster && <th scope="col">Cluster</th>}
          <SortableHeader column="created_at" label="Created" {...header} />
          <SortableHeader column="updated_at" label="Updated" {...header} />
          <th scope="col">Error</th>
        </tr>
      </thead>
      <tbody>
        {operations.map((operation) => (
          <tr key={`${operation.clusterId}/${operation.id}`} data-operation-id={operation.id}>
            <td>
              <OperationStatus status={operation.status} />
            </td>
            <td>{operation.description}</td>
            <td>
              <ul className="operations-page__resources">
                {resourceLinks(operation.resources, operation.clusterId).map((link) => (
                  <li key={link.label}>
                    {link.to ? <Link to={link.to}>{link.label}</Link> : link.label}
                  </li>
                ))}
              </ul>
            </td>
            {showCluster && <td>{operation.clusterId}</td>}
            <td>
              <Time iso={operation.created_at} />
            </td>
            <td>
              <Time iso={operation.updated_at} />
            </td>
            <td className="operations-page__error">{operation.err}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Relative time, with the absolute one under it (and in the tooltip). */
function Time({ iso }: { iso: string }) {
  const absolute = absoluteTime(iso);
  return (
    <time dateTime={iso} title={absolute}>
      {relativeTime(iso)}
      <br />
      <small className="operations-page__absolute">{absolute}</small>
    </time>
  );
}
