import { useQueryClient } from "@tanstack/react-query";
import { ToastNotificationProvider } from "../../vendor/react-components.ts";
import { useEffect, type ReactNode } from "react";
import { toastRelayOf } from "../query-client.ts";
import { useToast } from "./use-toast.ts";

/**
 * Toasts (`useToast`) for the results of actions, listed in the status bar. Mounted under the
 * QueryClient, whose mutations' toasts it shows too.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  return (
    <ToastNotificationProvider>
      <MutationToasts />
      {children}
    </ToastNotificationProvider>
  );
}

/** Connects the QueryClient's toast relay to these toasts while mounted. */
function MutationToasts() {
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => toastRelayOf(queryClient)?.connect(toast), [queryClient, toast]);
  return null;
}
