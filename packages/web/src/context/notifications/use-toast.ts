import { useToastNotification } from "../../vendor/react-components.ts";
import { useMemo } from "react";

/** What a toast can say: a title, and a message or the error that explains it. */
export interface Toast {
  success(title: string, message?: string): void;
  /** `error` may be an `Error` (its message is shown) or a message of its own. */
  failure(title: string, error: unknown): void;
  info(title: string, message?: string): void;
  caution(title: string, message?: string): void;
}

/**
 * Toast notifications (bottom right, listed in the status bar). Needs `NotificationsProvider`.
 * The returned object changes when the list of toasts changes: keep it out of effect dependencies
 * that must not re-run then.
 */
export function useToast(): Toast {
  const toast = useToastNotification();
  return useMemo(
    () => ({
      success: (title, message) => {
        toast.success(message ?? "", undefined, title);
      },
      failure: (title, error) => {
        if (error instanceof Error) toast.failure(title, error);
        else toast.failure(title, null, typeof error === "string" ? error : "Unknown reason");
      },
      info: (title, message) => {
        toast.info(message ?? "", title);
      },
      caution: (title, message) => {
        toast.caution(message ?? "", undefined, title);
      },
    }),
    [toast],
  );
}
