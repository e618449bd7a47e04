import type { QueryClient } from "@tanstack/react-query";
import { afterNextPaint } from "../util/after-next-paint.ts";

/**
 * The first page counts as shown this long after the app asked, whatever is still loading: a
 * cluster that does not answer keeps its query retrying for longer, and what waits for the page
 * must not wait for that.
 */
const longestWaitMs = 3_000;

let shown = false;
/** Those still waiting: whichever of them sees the page shown first tells them all. */
const waiting = new Set<() => void>();

function pageShown(): void {
  shown = true;
  for (const finish of [...waiting]) finish();
}

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
  const check = () => {
    if (queryClient.isFetching() > 0) {
      cancelPaint?.();
      cancelPaint = undefined;
      return;
    }
    cancelPaint ??= afterNextPaint(() => {
      cancelPaint = undefined;
      if (queryClient.isFetching() === 0) pageShown();
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const deadline = setTimeout(pageShown, longestWaitMs);
  const stop = () => {
    waiting.delete(finish);
    unsubscribe();
    clearTimeout(deadline);
    cancelPaint?.();
  };
  const finish = () => {
    stop();
    callback();
  };
  waiting.add(finish);
  check();
  return stop;
}
