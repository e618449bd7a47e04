import { useToasts } from "./toasts-context.ts";

/** Where the status bar wants the toasts drawn (see `NotificationsProvider`). */
export function ToastSlot({ className }: { className: string }) {
  const { setSlot } = useToasts();
  return <div className={className} ref={setSlot} />;
}
