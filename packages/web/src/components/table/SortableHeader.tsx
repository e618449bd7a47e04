import type { SortOrder } from "../list/url/list-params.ts";

/** Which column a list is sorted by, and in which direction. */
export interface ColumnSort<Column extends string> {
  orderBy: Column;
  order: SortOrder;
}

interface Props<Column extends string> {
  column: Column;
  label: string;
  sort: ColumnSort<Column>;
  onSort: (sort: ColumnSort<Column>) => void;
  /** The direction a column sorts in when it is clicked first (times newest first, say). */
  defaultOrder: (column: Column) => SortOrder;
  className?: string;
}

/**
 * A column header that sorts on the server: clicking the sorted column flips its direction,
 * another column sorts in its default one. The role is written out for tables laid out as grids.
 */
export function SortableHeader<Column extends string>({
  column,
  label,
  sort,
  onSort,
  defaultOrder,
  className,
}: Props<Column>) {
  const active = sort.orderBy === column;
  const ariaSort = active ? (sort.order === "asc" ? "ascending" : "descending") : "none";
  const nextOrder: SortOrder = active
    ? sort.order === "asc"
      ? "desc"
      : "asc"
    : defaultOrder(column);
  return (
    <th scope="col" role="columnheader" aria-sort={ariaSort} className={className}>
      <button
        type="button"
        className="sortable-header"
        onClick={() => {
          onSort({ orderBy: column, order: nextOrder });
        }}
      >
        {label}
        {active && (
          <span className="sortable-header__arrow" aria-hidden="true">
            {sort.order === "asc" ? "▲" : "▼"}
          </span>
        )}
      </button>
    </th>
  );
}
