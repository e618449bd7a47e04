import type { ToastMessage } from "../mutation-meta.ts";
import type { Toast } from "./use-toast.ts";

/**
 * Carries toasts from code outside React (the QueryClient's mutation cache) to the toasts of the
 * mounted `NotificationsProvider`, which connects itself here. With no provider mounted (a test of
 * a lone component), a toast goes nowhere.
 */
export class ToastRelay {
  #toast: Toast | undefined;

  /** Sends the toasts to `toast` until the returned function is called. */
  connect(toast: Toast): () => void {
    this.#toast = toast;
    return () => {
      if (this.#toast === toast) this.#toast = undefined;
    };
  }

  show(message: ToastMessage): void {
    const toast = this.#toast;
    if (toast === undefined) return;
    switch (message.kind) {
      case "failure":
        toast.failure(message.title, message.error);
        break;
      case "success":
        toast.success(message.title, message.message);
        break;
      case "info":
        toast.info(message.title, message.message, message.operation);
        break;
      case "caution":
        toast.caution(message.title, message.message);
        break;
    }
  }
}
