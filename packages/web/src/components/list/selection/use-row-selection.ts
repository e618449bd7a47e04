import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";

const noKeys: ReadonlySet<string> = new Set();

interface Selection {
  /** The list (page, filters, sort) the keys were picked in. */
  scope: string;
  keys: ReadonlySet<string>;
}

/**
 * The rows ticked on the page shown. A selection belongs to its page: another page, filter or
 * sort (another `scope`) starts empty, so that a bulk action never reaches items out of sight.
 * The selected rows are those of the latest answer, so that one deleted meanwhile drops out and a
 * status changed meanwhile is seen by the bulk action.
 *
 * @param rowKey a row's key (a module-level function)
 */
export function useRowSelection<Row>(
  rows: readonly Row[] | undefined,
  rowKey: (row: Row) => string,
  scope: string,
) {
  const [selection, setSelection] = useState<Selection>({ scope, keys: noKeys });
  const keys = selection.scope === scope ? selection.keys : noKeys;

  // Read by `toggle` when it runs, so that `toggle` itself stays the same function from list to
  // list: every row gets it, and a new one would render every row again on each keystroke.
  const scopeRef = useRef(scope);
  useLayoutEffect(() => {
    scopeRef.current = scope;
  }, [scope]);

  const toggle = useCallback((key: string, selected: boolean) => {
    const current = scopeRef.current;
    setSelection((previous) => {
      const next = new Set(previous.scope === current ? previous.keys : noKeys);
      if (selected) next.add(key);
      else next.delete(key);
      return { scope: current, keys: next };
    });
  }, []);

  const setAll = useCallback(
    (selected: boolean) => {
      setSelection({ scope, keys: selected ? new Set((rows ?? []).map(rowKey)) : noKeys });
    },
    [rows, rowKey, scope],
  );

  const clear = useCallback(() => {
    setSelection({ scope, keys: noKeys });
  }, [scope]);

  const selected = useMemo(
    () => (rows ?? []).filter((row) => keys.has(rowKey(row))),
    [rows, rowKey, keys],
  );

  return { keys, selected, toggle, setAll, clear };
}
