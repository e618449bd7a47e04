import type { ReactNode } from "react";

/** What a cell knows of its row besides the row itself. */
export interface RowState {
  selected: boolean;
  /** A write on the row's item is under way. */
  busy: boolean;
}

/**
 * A column of a list table. As the table narrows, columns give way by `priority`: the highest
 * number first, 0 never (the name, the status, the actions). Below the width of the columns that
 * never give way, each row shows as a card.
 */
export interface TableColumn<Row, SortKey extends string = string> {
  /** Unique in the table; also the column's class (`list-table__cell--<id>`). */
  id: string;
  header: string;
  /** The column's key in the server's sort, if it sorts by it. */
  sortKey?: SortKey;
  cell: (row: Row, state: RowState) => ReactNode;
  /** 0: always shown; otherwise the higher, the sooner the column gives way. */
  priority: number;
  /** The least width the column needs, in rem (its padding included). */
  minWidth: number;
  /** Its share of the width left once every shown column has its least; none: fixed. */
  grow?: number;
  /** The row's header cell, naming the row (one column of the table). */
  rowHeader?: boolean;
  /** Left off the cards of narrow screens (a detail the row's own page shows). */
  hideInCards?: boolean;
  /** The header is not repeated as a label on the cards (the name, the actions). */
  unlabelledInCards?: boolean;
}
