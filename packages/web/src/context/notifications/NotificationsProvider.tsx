import { NotificationProvider, ToastNotificationProvider } from "../../vendor/react-components.ts";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * Both notification channels: toasts (`useNotify`) for the results of actions, listed in the
 * status bar, and inline notifications (`useInlineNotify`) for page and form errors, which are
 * cleared when the path changes. Must sit inside the router.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ToastNotificationProvider>
      <NotificationProvider pathname={pathname}>{children}</NotificationProvider>
    </ToastNotificationProvider>
  );
}
