// The running step, kept for this browser tab: a reload, or a link that loads a whole page (the
// instances list's Stream link), continues the step where it was. The server's progress is what
// another tab or browser continues from (through the progress panel).
import { tourStepIds, type TourStepId } from "./tour-step-ids.ts";

const storageKey = "anbox-dashboard.tour-step";

function isStepId(value: string | null): value is TourStepId {
  return tourStepIds.some((id) => id === value);
}

export function saveActiveStep(id: TourStepId | undefined): void {
  try {
    if (id === undefined) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, id);
  } catch {
    // Storage refused (a private window's quota): the tour still runs, a reload ends it.
  }
}

/**
 * The step this tab was on before its page loaded; none when the page was reached with the
 * browser's back or forward button, which cancels an active tour (SPEC.md section 4).
 */
export function restoreActiveStep(navigationType: string | undefined): TourStepId | undefined {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(storageKey);
  } catch {
    return undefined;
  }
  if (navigationType === "back_forward") {
    saveActiveStep(undefined);
    return undefined;
  }
  return isStepId(stored) ? stored : undefined;
}

/** How the page was reached: "navigate", "reload" or "back_forward" (Navigation Timing). */
export function pageNavigationType(): string | undefined {
  // Read by name: test environments (jsdom) have no PerformanceNavigationTiming class.
  const [entry] = performance.getEntriesByType("navigation");
  return entry !== undefined && "type" in entry && typeof entry.type === "string"
    ? entry.type
    : undefined;
}
