import type { QueryKey } from "@tanstack/react-query";

/**
 * The cluster operation a toast about a started action ("Stopping web-1") waits for: once the
 * operation ends, the toast is resolved. On success it becomes a success toast titled `done`
 * (or goes, without `done`, when its starter says the outcome itself); on failure it goes, and
 * the failure toast of the operation's failure handler says why.
 */
export interface ToastOperation {
  clusterId: string;
  id: string;
  done?: string;
}

/** The toast's wait for the operation a mutation started, and its title once it succeeded. */
export function untilEnded(
  operation: { clusterId: string; id: string },
  done?: string,
): ToastOperation {
  return { clusterId: operation.clusterId, id: operation.id, done };
}

/** One toast, as a mutation declares it. */
export type ToastMessage =
  | { kind: "success" | "caution"; title: string; message?: string }
  | { kind: "info"; title: string; message?: string; operation?: ToastOperation }
  /** `error` may be an `Error` (its message is shown) or a message of its own. */
  | { kind: "failure"; title: string; error: unknown };

/**
 * A mutation's toasts, typed by its own result and variables. `failure` names the toast's title;
 * the error's message is its body.
 */
export interface MutationToasts<TData, TVariables> {
  /** The toast when the call succeeds; none when it gives `undefined`. */
  success?: (data: TData, variables: TVariables) => ToastMessage | undefined;
  /** The title of the toast when the call fails. */
  failure?: string | ((variables: TVariables) => string);
}

/** `MutationToasts` as the mutation cache sees them: data and variables are unknown there. */
export type CachedMutationToasts = MutationToasts<never, never>;

/**
 * What the QueryClient does once a mutation ends (`context/query-client.ts`), declared with the
 * mutation instead of repeated in each `onSuccess`/`onError`. Registered as TanStack Query's
 * `mutationMeta` below, so that every `meta` is checked against it.
 */
export interface DashboardMutationMeta extends Record<string, unknown> {
  /**
   * Query key prefixes the write changed: refreshed once it succeeds, before the mutation's own
   * `onSuccess` runs, and the mutation stays pending until those on screen have refetched.
   */
  invalidates?: readonly QueryKey[];
  /** Built with `mutationToasts()`. */
  toasts?: CachedMutationToasts;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: DashboardMutationMeta;
  }
}

/**
 * Declares a mutation's toasts with its own types; give the mutation's data and variables types
 * explicitly (`mutationToasts<Result, Input>({...})`) so the functions are checked against them.
 */
export function mutationToasts<TData, TVariables>(
  toasts: MutationToasts<TData, TVariables>,
): CachedMutationToasts {
  return toasts;
}
