import type { ClusterOperation } from "@anbox-dashboard/contract";
import type { ToastOperation } from "../mutation-meta.ts";

/** Vanilla's notification severities. */
type ToastSeverity = "positive" | "caution" | "negative" | "information";

/** One toast of the list. */
export interface ToastItem {
  /** Unique for the page's life; a resolved toast's replacement gets a new one. */
  id: number;
  severity: ToastSeverity;
  title: string;
  message?: string;
  /** When it was shown (ms since the epoch). */
  time: number;
  /** The operation it waits for (a toast about a started action). */
  operation?: ToastOperation;
}

/** What a new toast says; the list gives it its id and time. */
export type NewToast = Omit<ToastItem, "id" | "time">;

/** Finds an operation once it has ended (`ended-operation.ts`), or answers undefined. */
type EndedOperationLookup = (operation: ToastOperation) => ClusterOperation | undefined;

/**
 * The toasts with those whose operation has ended resolved: a success with a `done` title becomes
 * a success toast (a new one, with its own id and time), anything else goes. The same list (by
 * identity) when nothing ended, so that a caller can skip the update.
 */
export function resolveEndedToasts(
  toasts: readonly ToastItem[],
  ended: EndedOperationLookup,
  next: () => { id: number; time: number },
): readonly ToastItem[] {
  const resolved = toasts.flatMap((toast): ToastItem[] => {
    if (toast.operation === undefined) return [toast];
    const operation = ended(toast.operation);
    if (operation === undefined) return [toast];
    const done = toast.operation.done;
    if (operation.status !== "Success" || done === undefined) return [];
    return [{ ...next(), severity: "positive", title: done }];
  });
  const changed =
    resolved.length !== toasts.length || resolved.some((toast, at) => toast !== toasts[at]);
  return changed ? resolved : toasts;
}

/** How many toasts of each severity the list holds. */
export function countBySeverity(
  toasts: readonly ToastItem[],
): Partial<Record<ToastSeverity, number>> {
  const counts: Partial<Record<ToastSeverity, number>> = {};
  for (const toast of toasts) counts[toast.severity] = (counts[toast.severity] ?? 0) + 1;
  return counts;
}
