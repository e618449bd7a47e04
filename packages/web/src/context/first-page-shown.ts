import { useEffect, useState } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { afterNextPaint } from "../util/after-next-paint.ts";

/**
 * The first page counts as shown this long after the app asked, whatever is still loading: a
 * cluster that does not answer keeps its query retrying for longer, and what waits for the page
 * must not wait for that.
 */
const longestWaitMs = 3_000;

let shown = false;

/**
 * Calls `callback` once the app's first page has been painted with its data: the first frame
 * drawn after none of the app's queries was loading, or after 3 s. What the first page does not
 * need (the events sockets: their token, their handshake, their code) waits for it, so that the
 * page's own requests and code go first. Once shown, at once. Returns a function that cancels it.
 */
export function whenFirstPageShown(queryClient: QueryClient, callback: () => void): () => void {
  if (shown) {
    callback();
    return () => undefined;
  }
  let cancelPaint: (() => void) | undefined;
  const done = () => {
    stop();
    shown = true;
    callback();
  };
  const check = () => {
    if (queryClient.isFetching() > 0) {
      cancelPaint?.();
      cancelPaint = undefined;
      return;
    }
    cancelPaint ??= afterNextPaint(() => {
      cancelPaint = undefined;
      if (queryClient.isFetching() === 0) done();
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const deadline = setTimeout(done, longestWaitMs);
  const stop = () => {
    unsubscribe();
    clearTimeout(deadline);
    cancelPaint?.();
  };
  check();
  return stop;
}

/** Whether the app's first page has been shown (`whenFirstPageShown`), as a component's state. */
export function useFirstPageShown(): boolean {
  const queryClient = useQueryClient();
  const [firstPageShown, setFirstPageShown] = useState(shown);
  useEffect(() => {
    if (firstPageShown) return;
    return whenFirstPageShown(queryClient, () => {
      setFirstPageShown(true);
    });
  }, [queryClient, firstPageShown]);
  return firstPageShown;
}
