import { useSyncExternalStore } from "react";
import { ConfirmModal } from "../../overlays/ConfirmModal.tsx";
import type { LeaveGuards } from "./leave-guards.ts";

/**
 * Asks whether to leave a form with unsaved input, while the app router holds the move back:
 * Leave makes it, Cancel (or Escape) stays, the focus going back where it was.
 */
export function LeaveConfirmation({ guards }: { guards: LeaveGuards }) {
  const holding = useSyncExternalStore(guards.subscribe, () => guards.isHolding());
  if (!holding) return null;
  return (
    <ConfirmModal
      title="Leave without saving?"
      body="What you typed in this form has not been sent: leaving the page drops it."
      confirmLabel="Leave"
      destructive
      onConfirm={() => {
        guards.proceed();
      }}
      onCancel={() => {
        guards.stay();
      }}
    />
  );
}
