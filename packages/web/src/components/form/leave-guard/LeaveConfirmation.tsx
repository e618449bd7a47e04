import { useSyncExternalStore } from "react";
import { lazyPart } from "../../../util/lazy-part.ts";
import type { LeaveGuards } from "./leave-guards.ts";

/**
 * The dialog's code (with the modal's) is not part of the first load: it is loaded once a form
 * has unsaved input (`useLeaveGuard`), before anyone can try to leave it.
 */
export const LazyLeaveDialog = lazyPart(() =>
  import("./LeaveDialog.tsx").then((module) => module.LeaveDialog),
);

/**
 * Asks whether to leave a form with unsaved input, while the app router holds the move back:
 * Leave makes it, Cancel (or Escape) stays, the focus going back where it was.
 */
export function LeaveConfirmation({ guards }: { guards: LeaveGuards }) {
  const holding = useSyncExternalStore(guards.subscribe, () => guards.isHolding());
  if (!holding) return null;
  return <LazyLeaveDialog guards={guards} />;
}
