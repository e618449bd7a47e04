/** A selected item a bulk action leaves out, and why. */
export interface LeftOutItem {
  /** The row's key: names may repeat (across clusters, say). */
  key: string;
  name: string;
  reason: string;
}

/** What a bulk action will do: the items it applies to, and those it leaves out with the reason. */
export interface BulkPlan<Row, Action extends string> {
  action: Action;
  applicable: Row[];
  leftOut: LeftOutItem[];
}

/** How a list's bulk actions judge its rows. */
export interface BulkRules<Row, Action extends string> {
  key: (row: Row) => string;
  name: (row: Row) => string;
  /** Why the action does not apply to the row (its status, say); undefined when it does. */
  whyNot: (action: Action, row: Row) => string | undefined;
}

/** Splits the selection by whether the action applies to each item as it is now. */
export function planBulkAction<Row, Action extends string>(
  rules: BulkRules<Row, Action>,
  action: Action,
  selected: readonly Row[],
): BulkPlan<Row, Action> {
  const applicable: Row[] = [];
  const leftOut: LeftOutItem[] = [];
  for (const row of selected) {
    const reason = rules.whyNot(action, row);
    if (reason === undefined) applicable.push(row);
    else leftOut.push({ key: rules.key(row), name: rules.name(row), reason });
  }
  return { action, applicable, leftOut };
}
