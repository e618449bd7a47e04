import { ToastNotificationProvider } from "../../vendor/react-components.ts";
import type { ReactNode } from "react";

/** Toasts (`useToast`) for the results of actions, listed in the status bar. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  return <ToastNotificationProvider>{children}</ToastNotificationProvider>;
}
