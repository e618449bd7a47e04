import { useCallback, useEffect, useState } from "react";

/**
 * The text of an input that writes to the URL: shown as typed at once, written (`commit`) after
 * `debounceMs` without typing (at each keystroke for 0), or on `flush` (Enter, leaving the field)
 * when there is no debounce.
 * A change of the URL from elsewhere (the back button, "Clear filters") replaces the text; the
 * arrival of any of our own writes does not, so that what was typed meanwhile is kept: a write may
 * reach the URL after the next keystroke (the search's waits for its page).
 */
export function useDraftText(
  value: string,
  commit: (text: string) => void,
  debounceMs?: number,
): { draft: string; setDraft: (text: string) => void; flush: () => void } {
  const [draft, setDraft] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  // Our writes not yet seen in the URL, oldest first.
  const [written, setWritten] = useState<readonly string[]>([]);
  if (value !== seenValue) {
    setSeenValue(value);
    const ours = written.indexOf(value);
    // Ours: it and the writes before it have arrived (or never will). Not ours: it wins.
    setWritten(ours >= 0 ? written.slice(ours + 1) : []);
    if (ours < 0) setDraft(value);
  }

  const write = useCallback(
    (text: string) => {
      setWritten((pending) => [...pending, text]);
      commit(text);
    },
    [commit],
  );

  useEffect(() => {
    // Without a delay the text is written as it is typed (`update`), not from here.
    if (debounceMs === undefined || debounceMs === 0 || draft === value) return;
    // `commit` changes with the URL: the timer restarts then, and writes with the latest one.
    const timer = setTimeout(() => {
      write(draft);
    }, debounceMs);
    return () => {
      clearTimeout(timer);
    };
  }, [draft, value, write, debounceMs]);

  const flush = useCallback(() => {
    if (draft !== value) write(draft);
  }, [draft, value, write]);

  const update = useCallback(
    (text: string) => {
      setDraft(text);
      if (debounceMs === 0) write(text);
    },
    [debounceMs, write],
  );

  return { draft, setDraft: update, flush };
}
