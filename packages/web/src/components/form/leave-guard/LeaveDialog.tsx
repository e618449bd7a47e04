import { ConfirmModal } from "../../overlays/ConfirmModal.tsx";
import type { LeaveGuards } from "./leave-guards.ts";

/** The question in the app's dialog: Leave makes the move, Cancel (or Escape) stays. */
export function LeaveDialog({ guards }: { guards: LeaveGuards }) {
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
