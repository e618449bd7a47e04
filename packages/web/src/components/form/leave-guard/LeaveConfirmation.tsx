import { useEffect, useRef, useSyncExternalStore } from "react";
import { ErrorBoundary } from "../../error-fallback/ErrorBoundary.tsx";
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
 * Leave makes it, Cancel (or Escape) stays, the focus going back where it was. It sits outside
 * the app's error boundary: should the dialog's code fail to load (the network gone), the
 * browser's own question asks instead, rather than the error taking the page and the input.
 */
export function LeaveConfirmation({ guards }: { guards: LeaveGuards }) {
  const holding = useSyncExternalStore(guards.subscribe, () => guards.isHolding());
  if (!holding) return null;
  return (
    <ErrorBoundary fallback={() => <BrowserLeaveQuestion guards={guards} />}>
      <LazyLeaveDialog guards={guards} />
    </ErrorBoundary>
  );
}

function BrowserLeaveQuestion({ guards }: { guards: LeaveGuards }) {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    // The dialog's own words would come with its code: these say the same.
    if (window.confirm("Leave without saving? What you typed in this form has not been sent.")) {
      guards.proceed();
    } else {
      guards.stay();
    }
  }, [guards]);
  return null;
}
