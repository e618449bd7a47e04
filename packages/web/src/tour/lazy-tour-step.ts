import { lazyPart } from "../util/lazy-part.ts";

// A step's card and the watch that ends it when its page goes load when a chapter starts, not
// with every page.

/** The running step's card over the page. */
export const LazyTourStepOverlay = lazyPart(
  async () => (await import("./TourStepOverlay.tsx")).TourStepOverlay,
);

/** Ends the running step when its page or resource goes away, and says why. */
export const LazyTourInterruptionWatch = lazyPart(
  async () => (await import("./TourInterruptionWatch.tsx")).TourInterruptionWatch,
);
