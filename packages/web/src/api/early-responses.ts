// The first page's calls, started before the app's code has arrived and run: `early-requests.ts`
// (a script of its own in index.html, a few KB) starts them while the browser still loads and
// evaluates the app (~60 ms on this machine's Chromium), and the app's own first request of the
// same address takes the answer instead of asking again (bench/nodes-page.bench.ts).

/** How the app asks for JSON (`apiFetch`): an early call must be the same request. */
const jsonGetInit: RequestInit = {
  method: "GET",
  headers: { accept: "application/json" },
  credentials: "same-origin",
};

/** An early answer is for the page's first render; one not taken by then is not used later. */
const usableForMs = 10_000;

const early = new Map<string, { response: Promise<Response>; startedAt: number }>();
/**
 * The addresses the app has asked for while early answers may be taken. An early call of one of
 * them would come too late (the app's script ran first: both scripts load at once) and its answer
 * could be older than the app's own by the time a later request took it: it is not started.
 */
const askedByTheApp = new Set<string>();
const pageStartedAt = performance.now();

export function startEarlyRequest(url: URL): void {
  if (askedByTheApp.has(url.href)) return;
  const response = fetch(url, jsonGetInit);
  // Taken by the app, its failure is the app's to handle; never taken, it is dropped quietly.
  response.catch(() => undefined);
  early.set(url.href, { response, startedAt: performance.now() });
}

/**
 * The early answer for this address, for the app's first request of it only: any later request
 * asks the server again.
 */
export function takeEarlyResponse(url: URL): Promise<Response> | undefined {
  const now = performance.now();
  if (now - pageStartedAt <= usableForMs) askedByTheApp.add(url.href);
  const found = early.get(url.href);
  if (!found) return undefined;
  early.delete(url.href);
  return now - found.startedAt <= usableForMs ? found.response : undefined;
}
