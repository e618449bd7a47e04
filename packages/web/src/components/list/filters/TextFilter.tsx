import { useCallback, useId } from "react";
import { useDraftText } from "./use-draft-text.ts";

/** Most filters take the text as their one value. */
const asSingleValue = (text: string): string[] => [text];

interface Props<Key extends string> {
  label: string;
  filterKey: Key;
  /** The text the URL holds for this filter. */
  value: string;
  onFilter: (key: Key, values: readonly string[]) => void;
  /** The filter's values from the text typed (a module-level function: it must not change). */
  toValues?: (text: string) => string[];
  placeholder?: string;
  /** Write while typing, this long after the last key; otherwise on Enter or leaving the field. */
  debounceMs?: number;
  type?: "text" | "search" | "datetime-local";
}

/**
 * A text filter: what is typed shows at once and reaches the URL (and so the server) after a
 * pause in typing (none for the quick search), or on Enter or leaving the field for exact-match
 * filters, which would list nothing while half-typed.
 */
export function TextFilter<Key extends string>({
  label,
  filterKey,
  value,
  onFilter,
  toValues = asSingleValue,
  placeholder,
  debounceMs,
  type = "text",
}: Props<Key>) {
  const id = useId();
  // Stable while the URL is: a re-render of the page (a toast, a live refetch) must not restart
  // the search's debounce.
  const commit = useCallback(
    (text: string) => {
      onFilter(filterKey, toValues(text));
    },
    [onFilter, filterKey, toValues],
  );
  const { draft, setDraft, flush } = useDraftText(value, commit, debounceMs);
  return (
    <div className={`list-filter${type === "search" ? " list-filter--search" : ""}`}>
      <label className="list-filter__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") flush();
        }}
        onBlur={flush}
      />
    </div>
  );
}
