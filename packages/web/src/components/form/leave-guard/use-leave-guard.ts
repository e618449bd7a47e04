import { useContext, useEffect, useRef } from "react";
import { LeaveGuardsContext } from "./leave-guards-context.ts";
import { LazyLeaveDialog } from "./LeaveConfirmation.tsx";

/**
 * Warns before leaving a form with unsaved input: a move inside the app (a link, Back, Forward)
 * asks first in the app's confirmation dialog (LeaveConfirmation), and a reload or closing the
 * tab gets the browser's own question (`beforeunload`). `unsaved` is false when nothing was typed
 * and once a submission is under way or done: its own result moves the page on.
 */
export function useLeaveGuard(unsaved: boolean): void {
  const guards = useContext(LeaveGuardsContext);
  // Read when a move is asked for, which may come between renders.
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);

  useEffect(() => guards?.add(() => unsavedRef.current), [guards]);

  useEffect(() => {
    if (!unsaved) return undefined;
    void LazyLeaveDialog.preload();
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
    };
  }, [unsaved]);
}
