import { useMemo } from "react";
import type { ToastOperation } from "../mutation-meta.ts";
import { useToasts } from "./toasts-context.ts";

/** What a toast can say: a title, and a message or the error that explains it. */
export interface Toast {
  success(title: string, message?: string): void;
  /** `error` may be an `Error` (its message is shown) or a message of its own. */
  failure(title: string, error: unknown): void;
  /** With `operation`, the toast is resolved when that operation ends (`ToastOperation`). */
  info(title: string, message?: string, operation?: ToastOperation): void;
  caution(title: string, message?: string): void;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : "Unknown reason";
}

/**
 * Toast notifications (above the status bar, listed by its toggle). Needs `NotificationsProvider`.
 * The returned object keeps its identity while the provider lives: effects may depend on it.
 */
export function useToast(): Toast {
  const { add } = useToasts();
  return useMemo(
    () => ({
      success: (title, message) => {
        add({ severity: "positive", title, message });
      },
      failure: (title, error) => {
        add({ severity: "negative", title, message: errorText(error) });
      },
      info: (title, message, operation) => {
        add({ severity: "information", title, message, operation });
      },
      caution: (title, message) => {
        add({ severity: "caution", title, message });
      },
    }),
    [add],
  );
}
