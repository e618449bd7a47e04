// The tour's chapters and the ids of its steps, apart from the steps themselves (tour-steps.ts):
// the signed-in layout keeps the running step's id from the first load on, and the steps load
// with the rest of the tour when it is used (tour-engine.ts).

export type ChapterNumber = 1 | 2 | 3;

export const tourStepIds = [
  // Chapter 1: create an application.
  "your-applications",
  "essential-information",
  "explore-advance-details",
  "browse-your-applications",
  // Chapter 2: create a streamable instance.
  "create-instance",
  "source-details",
  "instance-capabilities",
  "other-configuration-sections",
  "create-your-instance",
  "browse-your-instances",
  // Chapter 3: stream it.
  "stream-instance",
  "stream-is-ready",
] as const;

export type TourStepId = (typeof tourStepIds)[number];
