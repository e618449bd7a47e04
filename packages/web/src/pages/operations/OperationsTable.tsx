import { Link } from "react-router";
import type { ClusterOperation, OperationsOrder, OperationsOrderBy } from "../../api/operations.ts";
import { absoluteTime, relativeTime } from "./format-time.ts";
import { OperationStatus } from "./OperationStatus.tsx";
import { resourceLinks } from "./resource-links.ts";

export interface Sort {
  orderBy: OperationsOrderBy;
  order: OperationsOrder;
}

interface Props {
  operations: readonly ClusterOperation[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** Show which cluster each operation runs on (when there is more than one). */
  showCluster: boolean;
}

/** A column header that sorts on the server; clicking the sorted one flips the order. */
function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: OperationsOrderBy;
  label: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const active = sort.orderBy === column;
  const ariaSort = active ? (sort.order === "asc" ? "ascending" : "descending") : "none";
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button
        type="button"
        className="operations-page__sort"
        onClick={() => {
          onSort({
            orderBy: column,
            order: active && sort.order === "desc" ? "asc" : active ? "desc" : defaultOrder(column),
          });
        }}
      >
        {label}
        {active && <span aria-hidden="true">{sort.order === "asc" ? " ▲" : " ▼"}</span>}
      </button>
    </th>
  );
}

/** Times read best newest first; words A to Z. */
function defaultOrder(column: OperationsOrderBy): OperationsOrder {
  return column === "created_at" || column === "updated_at" ? "desc" : "asc";
}

export function OperationsTable({ operations, sort, onSort, showCluster }: Props) {
  return (
    <table className="operations-page__table" aria-label="Operations">
      <thead>
        <tr>
          <SortHeader column="status" label="Status" sort={sort} onSort={onSort} />
          <SortHeader column="description" label="Description" sort={sort} onSort={onSort} />
          <th scope="col">Resources</th>
          {showCluster && <th scope="col">Cluster</th>}
          <SortHeader column="created_at" label="Created" sort={sort} onSort={onSort} />
          <SortHeader column="updated_at" label="Updated" sort={sort} onSort={onSort} />
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
