import { memo, type ReactNode } from "react";
import type { TableColumn } from "./table-column.ts";

interface Props<Row> {
  row: Row;
  rowKey: string;
  columns: readonly TableColumn<Row>[];
  /** Each cell says what it is (the column's header): the rows show as cards. */
  cards: boolean;
  selected: boolean;
  busy: boolean;
  /** The selection box's label ("Select web-1"); no box without one. */
  selectLabel: string | undefined;
  onToggle: ((key: string, selected: boolean) => void) | undefined;
}

/**
 * One cell: called as a function rather than rendered as a component, which would add a component
 * to each of a page's thousand cells.
 */
function cell<Row>(column: TableColumn<Row>, cards: boolean, content: ReactNode) {
  const className = `list-table__cell list-table__cell--${column.id}`;
  // On a card the header row is out of sight: each value says what it is. Hidden from assistive
  // technologies, which name a cell by its column header already.
  const labelled = cards && column.unlabelledInCards !== true;
  const children = labelled ? (
    <>
      <span className="list-table__card-label" aria-hidden="true">
        {column.header}
      </span>
      <div className="list-table__card-value">{content}</div>
    </>
  ) : (
    content
  );
  if (column.rowHeader === true) {
    return (
      <th key={column.id} scope="row" role="rowheader" className={className}>
        {children}
      </th>
    );
  }
  return (
    <td key={column.id} role="cell" className={className}>
      {children}
    </td>
  );
}

/**
 * One row. Memoised: a live refetch keeps the objects of unchanged rows (TanStack Query's
 * structural sharing), so only the rows that changed render again. Its links are plain anchors,
 * which the table follows in the app (`followInAppLink`).
 */
function TableRowOf<Row>({
  row,
  rowKey,
  columns,
  cards,
  selected,
  busy,
  selectLabel,
  onToggle,
}: Props<Row>) {
  const state = { selected, busy };
  return (
    <tr role="row" data-row-key={rowKey} className={selected ? "is-selected" : undefined}>
      {selectLabel !== undefined && (
        <td role="cell" className="list-table__select">
          <input
            type="checkbox"
            aria-label={selectLabel}
            checked={selected}
            onChange={(event) => {
              onToggle?.(rowKey, event.currentTarget.checked);
            }}
          />
        </td>
      )}
      {columns.map((column) => cell(column, cards, column.cell(row, state)))}
    </tr>
  );
}

export const TableRow = memo(TableRowOf) as typeof TableRowOf;
