import type { ReactNode } from "react";
import type { TableColumn } from "./table-column.ts";

/**
 * A list's name column: first, never giving way, the row's header, unlabelled on the cards,
 * sorted by name, taking `grow` shares of the width left.
 */
export function nameColumn<Row>(cell: (row: Row) => ReactNode, grow = 3): TableColumn<Row, "name"> {
  return {
    id: "name",
    header: "Name",
    sortKey: "name",
    cell,
    priority: 0,
    minWidth: 10,
    grow,
    rowHeader: true,
    unlabelledInCards: true,
  };
}

/** A list's status column: never giving way, sorted by status, `minWidth` rem at the least. */
export function statusColumn<Row>(
  cell: (row: Row) => ReactNode,
  minWidth: number,
): TableColumn<Row, "status"> {
  return { id: "status", header: "Status", sortKey: "status", cell, priority: 0, minWidth };
}
