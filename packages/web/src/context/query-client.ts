import { MutationCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "../api/api-fetch.ts";
import type { DashboardMutationMeta, ToastMessage } from "./mutation-meta.ts";
import { ToastRelay } from "./notifications/toast-relay.ts";

const maxRetries = 2;

/** A client error will fail the same way again: only retry what may be transient. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < maxRetries;
}

/** Each client's toast relay, for the `NotificationsProvider` mounted under it to connect to. */
const toastRelays = new WeakMap<QueryClient, ToastRelay>();

/** The relay the client's mutations send their toasts through (`NotificationsProvider`). */
export function toastRelayOf(client: QueryClient): ToastRelay | undefined {
  return toastRelays.get(client);
}

/**
 * A toast from a mutation's own callback, for what `meta` cannot declare (a toast when the
 * operation the mutation started fails later): `client` is the callback context's.
 */
export function showToast(client: QueryClient, message: ToastMessage): void {
  toastRelayOf(client)?.show(message);
}

/**
 * The dashboard's one QueryClient policy: no retry on a client error, and every mutation's
 * declared `meta` (`context/mutation-meta.ts`) handled here: its toasts, then its invalidations.
 */
export function createQueryClient(): QueryClient {
  const toasts = new ToastRelay();
  const client = new QueryClient({
    mutationCache: new MutationCache({
      // Runs before the mutation's own `onSuccess`: the data it reads is already fresh.
      onSuccess: async (data, variables, _onMutateResult, mutation, context) => {
        // TanStack types a cached mutation's data and variables as unknown; they are those of the
        // mutation that declared the toasts (`mutationToasts<TData, TVariables>`), hence `never`.
        const message = mutation.meta?.toasts?.success?.(data as never, variables as never);
        if (message !== undefined) toasts.show(message);
        await invalidate(context.client, mutation.meta);
      },
      onError: (error, variables, _onMutateResult, mutation) => {
        const title = mutation.meta?.toasts?.failure;
        if (title === undefined) return;
        toasts.show({
          kind: "failure",
          title: typeof title === "string" ? title : title(variables as never),
          error,
        });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
  toastRelays.set(client, toasts);
  return client;
}

/** Refreshes the prefixes a mutation names; resolves once the ones on screen have refetched. */
async function invalidate(client: QueryClient, meta: DashboardMutationMeta | undefined) {
  const prefixes: readonly QueryKey[] = meta?.invalidates ?? [];
  await Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey })));
}
