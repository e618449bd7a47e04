import { useCallback, useEffect, useMemo, useRef } from "react";

/** How often a playing stream page says it still plays (its view counts in quotas). */
const stillWatchingEveryMs = 60_000;

/** How a stream page tells the server about the view its join began. */
export interface StreamViewReports {
  stillWatching: (viewId: string) => Promise<unknown>;
  left: (viewId: string | undefined, how: "beacon" | "request") => void;
}

/**
 * The view a stream page's join began (`view_id`), kept counted while the page plays it (a word
 * every minute: the server forgets a view after three), and left once: when the stream ends or
 * is taken over, when another page of the app opens, or as the tab closes. `began` takes a join's
 * view; `ended` says the player lost the stream. `reports` must keep its identity while the page
 * shows the same stream.
 */
export function useStreamView(reports: StreamViewReports | undefined): {
  began: (viewId: string | undefined) => void;
  ended: () => void;
} {
  // Undefined: nothing joined, or left already. A join without a view id (an older server) is "".
  const view = useRef<string | undefined>(undefined);
  const leave = useCallback(
    (how: "beacon" | "request") => {
      const left = view.current;
      if (left === undefined || reports === undefined) return;
      view.current = undefined;
      reports.left(left === "" ? undefined : left, how);
    },
    [reports],
  );
  useEffect(() => {
    if (reports === undefined) return;
    const tabClosing = () => {
      leave("beacon");
    };
    window.addEventListener("pagehide", tabClosing);
    const stillWatching = window.setInterval(() => {
      const watched = view.current;
      if (watched !== undefined && watched !== "") {
        reports.stillWatching(watched).catch(() => undefined);
      }
    }, stillWatchingEveryMs);
    return () => {
      window.removeEventListener("pagehide", tabClosing);
      window.clearInterval(stillWatching);
      leave("request");
    };
  }, [reports, leave]);
  const began = useCallback((viewId: string | undefined) => {
    view.current = viewId ?? "";
  }, []);
  const ended = useCallback(() => {
    leave("request");
  }, [leave]);
  return useMemo(() => ({ began, ended }), [began, ended]);
}
