import { lazyPart } from "../../util/lazy-part.ts";

/**
 * The tour's progress panel (its chapters, their status from the cloud), loaded when it first
 * opens: most sign-ins never open it.
 */
export const LazyTourPanel = lazyPart(async () => (await import("./TourPanel.tsx")).TourPanel);
