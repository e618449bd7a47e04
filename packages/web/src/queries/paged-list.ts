import {
  keepPreviousData,
  queryOptions,
  useQuery,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";

interface Source<Request, Page> {
  /** The page's key (`queryKeys`): lifecycle events invalidate the resource's prefix. */
  key: (request: Request) => QueryKey;
  fetch: (request: Request, signal: AbortSignal) => Promise<Page>;
}

/**
 * The queries of a server-paged list: one page as the server filtered, sorted and paged it; the
 * hook the list reads it with (the previous page stays on screen while the next one loads, so the
 * table never empties); and the prefetch that asks for a page before the list renders it (the
 * app's first address, the search's keystrokes), so that the list's query finds it in the cache
 * or in flight. The prefetch settles when the answer is in; a failure shows when the list's own
 * query reports it, so it is not passed on.
 */
export function pagedList<Request, Page>({ key, fetch }: Source<Request, Page>) {
  const query = (request: Request) =>
    queryOptions({ queryKey: key(request), queryFn: ({ signal }) => fetch(request, signal) });
  return {
    query,
    usePage: (request: Request) =>
      useQuery({ ...query(request), placeholderData: keepPreviousData }),
    prefetch: (queryClient: QueryClient, request: Request): Promise<void> =>
      queryClient.query(query(request)).then(
        () => undefined,
        () => undefined,
      ),
  };
}
