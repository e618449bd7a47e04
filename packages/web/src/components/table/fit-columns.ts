import { narrowListBelowRem } from "./list-width.ts";
import type { TableColumn } from "./table-column.ts";

/** How a list table shows at its width: the columns that fit, or each row as a card. */
export type TableLayout =
  | {
      kind: "table";
      /** The columns shown, in the order declared. */
      columns: readonly TableColumn<never>[];
      /** The grid tracks of those columns (`grid-template-columns`). */
      tracks: readonly string[];
    }
  | { kind: "cards"; columns: readonly TableColumn<never>[] };

function track(column: TableColumn<never>): string {
  return column.grow === undefined
    ? `${String(column.minWidth)}rem`
    : `minmax(${String(column.minWidth)}rem, ${String(column.grow)}fr)`;
}

/**
 * Which columns a table of `widthRem` shows: those that never give way (priority 0), then the
 * others by priority, lowest number first, as long as each fits whole. A column that does not fit
 * hides every column of its priority and after, so that a column never shows while a more
 * important one is hidden. Narrower than `cardsBelowRem`, or when even the columns that never give
 * way do not fit, the rows show as cards, which show every column. Unmeasured (`undefined`: before
 * layout, or in a test without one), every column shows.
 *
 * @param reservedRem the width of what is not a column (the selection boxes)
 */
export function fitColumns<Row, SortKey extends string>(
  columns: readonly TableColumn<Row, SortKey>[],
  widthRem: number | undefined,
  reservedRem = 0,
  cardsBelowRem = narrowListBelowRem,
): TableLayout {
  // The layout holds no cell of a row: it may be shared by the rows of any type.
  const all = columns as readonly TableColumn<never>[];
  if (widthRem === undefined) return { kind: "table", columns: all, tracks: all.map(track) };
  const cards: TableLayout = {
    kind: "cards",
    columns: all.filter((item) => item.hideInCards !== true),
  };
  if (widthRem < cardsBelowRem) return cards;
  const byPriority = [...all].sort((a, b) => a.priority - b.priority);
  const shown = new Set<TableColumn<never>>();
  let used = reservedRem;
  let cutAt: number | undefined;
  for (const column of byPriority) {
    if (cutAt !== undefined && column.priority >= cutAt) break;
    if (used + column.minWidth > widthRem) {
      if (column.priority === 0) return cards;
      cutAt = column.priority;
      continue;
    }
    shown.add(column);
    used += column.minWidth;
  }
  // A column of the priority that was cut may have fitted before the cut was known: take it out.
  const visible = all.filter(
    (column) => shown.has(column) && (cutAt === undefined || column.priority < cutAt),
  );
  return { kind: "table", columns: visible, tracks: visible.map(track) };
}
