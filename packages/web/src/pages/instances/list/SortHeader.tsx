import type { InstanceListOrderBy } from "@anbox-dashboard/contract";
import type { SortOrder } from "../../../util/list-params.ts";
import { defaultOrderFor } from "./list-request.ts";

export interface InstanceSort {
  orderBy: InstanceListOrderBy;
  order: SortOrder;
}

interface Props {
  column: InstanceListOrderBy;
  label: string;
  sort: InstanceSort;
  onSort: (sort: InstanceSort) => void;
}

/** A column header that sorts on the server; clicking the sorted one flips the order. */
export function SortHeader({ column, label, sort, onSort }: Props) {
  const active = sort.orderBy === column;
  const ariaSort = active ? (sort.order === "asc" ? "ascending" : "descending") : "none";
  const nextOrder: SortOrder = active
    ? sort.order === "asc"
      ? "desc"
      : "asc"
    : defaultOrderFor(column);
  return (
    <th scope="col" role="columnheader" aria-sort={ariaSort}>
      <button
        type="button"
        className="instances-list__sort"
        onClick={() => {
          onSort({ orderBy: column, order: nextOrder });
        }}
      >
        {label}
        {active && (
          <span className="instances-list__sort-arrow" aria-hidden="true">
            {sort.order === "asc" ? "▲" : "▼"}
          </span>
        )}
      </button>
    </th>
  );
}
