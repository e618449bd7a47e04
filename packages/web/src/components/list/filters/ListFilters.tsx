import { use, useId, useState, type ReactNode } from "react";
import { ListWidthContext, narrowListBelowRem } from "../../table/list-width.ts";

interface Props {
  /** The landmark's name: "Filter instances". */
  label: string;
  /** The filters always in sight (the quick search). */
  children: ReactNode;
  /** Filters that fold behind a "Filters" button on a narrow list (it counts those in use). */
  more?: ReactNode;
  /** The list's URL state: whether any filter narrows it ("Clear filters" is offered then). */
  list: {
    filtered: boolean;
    clearFilters: () => void;
    query: { filters: Partial<Record<string, readonly string[]>> };
  };
  /** At the end of the bar: what the list is doing ("Updating"), for a list without a toolbar. */
  aside?: ReactNode;
}

/**
 * A list's search and filters, as one search landmark; they wrap as the width shrinks. On a narrow
 * list the filters of `more` fold behind a button that counts those in use, so that the first rows
 * stay in sight; folded, they keep what was typed in them.
 */
export function ListFilters({ label, children, more, list, aside }: Props) {
  const { filtered, clearFilters: onClear } = list;
  // The quick search is always in sight: the others fold.
  const moreActive = Object.keys(list.query.filters).filter((key) => key !== "search").length;
  const width = use(ListWidthContext);
  const folds = more !== undefined && width !== undefined && width < narrowListBelowRem;
  const [open, setOpen] = useState(false);
  const moreId = useId();
  return (
    <div className="list-filters" role="search" aria-label={label}>
      {children}
      {folds && (
        <button
          type="button"
          className="p-button list-filters__toggle"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => {
            setOpen(!open);
          }}
        >
          {moreActive > 0 ? `Filters (${String(moreActive)})` : "Filters"}
        </button>
      )}
      {more !== undefined && (
        <div id={moreId} className="list-filters__more" hidden={folds && !open}>
          {more}
        </div>
      )}
      {filtered && (
        <button type="button" className="p-button--base list-filters__clear" onClick={onClear}>
          Clear filters
        </button>
      )}
      {aside !== undefined && <div className="list-filters__aside">{aside}</div>}
    </div>
  );
}
