import { use, useEffect, useLayoutEffect, useMemo, useRef, type CSSProperties } from "react";
import { useNavigate } from "react-router";
import type { SortOrder } from "../list/url/list-params.ts";
import { fitColumns } from "./fit-columns.ts";
import { followInAppLink } from "./follow-in-app-link.ts";
import { SortableHeader, type ColumnSort } from "./SortableHeader.tsx";
import type { TableColumn } from "./table-column.ts";
import { ListWidthContext } from "./list-width.ts";
import { TableRow } from "./TableRow.tsx";
import { useRowSlots } from "./use-row-slots.ts";
import "./_list-table.scss";

/** Ticking rows for a bulk action. */
export interface TableSelection<Row> {
  keys: ReadonlySet<string>;
  onToggle: (key: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  /** The label of a row's box: "Select web-1" (a module-level function). */
  rowLabel: (row: Row) => string;
  /** The label of the header's box: "Select all instances on this page". */
  allLabel: string;
}

interface Props<Row, SortKey extends string> {
  /** The table's accessible name: "Instances". */
  label: string;
  rows: readonly Row[];
  /** A row's unique key (a module-level function). */
  rowKey: (row: Row) => string;
  /** The columns, in order (the same array from render to render: rows render again without). */
  columns: readonly TableColumn<Row, SortKey>[];
  sort?: ColumnSort<SortKey>;
  onSort?: (sort: ColumnSort<SortKey>) => void;
  /** The direction a column sorts in when it is first picked. */
  defaultOrder?: (key: SortKey) => SortOrder;
  selection?: TableSelection<Row>;
  /** Rows with a write under way. */
  busyKeys?: ReadonlySet<string>;
  /** What is shown is the previous answer while the next one loads. */
  stale?: boolean;
}

const noKeys: ReadonlySet<string> = new Set();

/** The width of the selection boxes' column, in rem (as in _list-table.scss). */
const selectionWidthRem = 2.5;

/**
 * One page of a server-paged list. The columns that fit the width show (`fitColumns`), each row as
 * a card when even the essential ones do not: the page never scrolls sideways. Rows are reused
 * from answer to answer (`assignRowSlots`): an item keeps its row, one that arrives takes the row
 * of one that left, and a row off screen is neither laid out nor painted (content-visibility), which
 * keeps a new page of 100 rows quick to show (bench/instances-page.bench.ts).
 */
export function ListTable<Row, SortKey extends string>({
  label,
  rows,
  rowKey,
  columns,
  sort,
  onSort,
  defaultOrder,
  selection,
  busyKeys = noKeys,
  stale = false,
}: Props<Row, SortKey>) {
  const width = use(ListWidthContext);
  const selectable = selection !== undefined;
  const layout = useMemo(
    () => fitColumns(columns, width, selectable ? selectionWidthRem : 0),
    [columns, width, selectable],
  );
  // The same array while the same columns show, whatever the width: a change of width that
  // shows the same columns (a scroll bar appearing) must not render every row again.
  const shownIds = layout.columns.map((column) => column.id).join(" ");
  const shown = useMemo(() => {
    const ids = new Set(shownIds.split(" "));
    return columns.filter((column) => ids.has(column.id));
  }, [columns, shownIds]);
  const cards = layout.kind === "cards";
  const navigate = useNavigate();

  const keys = rows.map(rowKey);
  const selectedKeys = selection?.keys ?? noKeys;
  const selectedOnPage = keys.filter((key) => selectedKeys.has(key)).length;
  const allSelected = keys.length > 0 && selectedOnPage === keys.length;
  const someSelected = selectedOnPage > 0 && !allSelected;

  const slots = useRowSlots(keys);
  const body = useRef<HTMLTableSectionElement>(null);
  const focusedRowKey = useRef<string>(undefined);
  useLayoutEffect(() => {
    // A row now showing another item must not keep the focus it had for the one that left: a key
    // pressed then would act on the wrong item. As if the row had gone, focus leaves.
    const active = document.activeElement;
    const row = active?.closest("tr[data-row-key]");
    if (!(active instanceof HTMLElement) || !row || !body.current?.contains(row)) return;
    if (row.getAttribute("data-row-key") !== focusedRowKey.current) active.blur();
  }, [slots]);

  // Listeners on the body rather than on each row: the rows' links are followed in the app, and
  // which row holds the focus is noted (for the check above).
  useEffect(() => {
    const element = body.current;
    if (element === null) return;
    const onClick = (event: MouseEvent) => {
      followInAppLink(event, element, navigate);
    };
    const onFocusIn = (event: FocusEvent) => {
      const row = event.target instanceof Element ? event.target.closest("tr") : null;
      focusedRowKey.current = row?.getAttribute("data-row-key") ?? undefined;
    };
    element.addEventListener("click", onClick);
    element.addEventListener("focusin", onFocusIn);
    return () => {
      element.removeEventListener("click", onClick);
      element.removeEventListener("focusin", onFocusIn);
    };
  }, [navigate]);

  const style =
    layout.kind === "table"
      ? ({
          "--list-table-columns": [
            ...(selectable ? [`${String(selectionWidthRem)}rem`] : []),
            ...layout.tracks,
          ].join(" "),
        } as CSSProperties)
      : undefined;
  const classes = ["list-table", cards ? "is-cards" : "", stale ? "is-stale" : ""];
  return (
    <table
      className={classes.filter(Boolean).join(" ")}
      style={style}
      // Roles written out: the grid layout of the stylesheet changes the parts' display.
      role="table"
      aria-label={label}
      aria-busy={stale}
    >
      <thead role="rowgroup">
        <tr role="row">
          {selection && (
            <th scope="col" role="columnheader" className="list-table__select">
              <input
                type="checkbox"
                aria-label={selection.allLabel}
                checked={allSelected}
                // A partial selection shows as a dash; the DOM property has no attribute.
                ref={(element) => {
                  if (element) element.indeterminate = someSelected;
                }}
                onChange={(event) => {
                  selection.onToggleAll(event.currentTarget.checked);
                }}
              />
            </th>
          )}
          {shown.map((column) => {
            const className = `list-table__header list-table__cell--${column.id}`;
            if (column.sortKey !== undefined && sort && onSort && defaultOrder) {
              return (
                <SortableHeader
                  key={column.id}
                  className={className}
                  column={column.sortKey}
                  label={column.header}
                  sort={sort}
                  onSort={onSort}
                  defaultOrder={defaultOrder}
                />
              );
            }
            return (
              <th key={column.id} scope="col" role="columnheader" className={className}>
                {column.header}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody ref={body} role="rowgroup">
        {rows.map((row, index) => {
          const key = keys[index] ?? rowKey(row);
          return (
            <TableRow
              key={slots.get(key)}
              row={row}
              rowKey={key}
              columns={shown}
              cards={cards}
              selected={selectedKeys.has(key)}
              busy={busyKeys.has(key)}
              selectLabel={selection?.rowLabel(row)}
              onToggle={selection?.onToggle}
            />
          );
        })}
      </tbody>
    </table>
  );
}
