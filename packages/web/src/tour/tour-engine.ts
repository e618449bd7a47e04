// What the tour does once it is used, loaded then (TourProvider): the steps and where each one
// happens, the progress each one saves, what a click means to a running step. The signed-in
// layout's first load carries only the tour's state (the panel, the running step's id).
import { matchPath } from "react-router";
import type { OnboardingProgress } from "../api/onboarding.ts";
import { classifyTourClick } from "./tour-click.ts";
import type { ChapterNumber, TourStepId } from "./tour-step-ids.ts";
import {
  progressOfFinishedChapter,
  progressOfStep,
  retakeProgress,
  stepToOpen,
} from "./tour-progress.ts";
import { firstStepOf, isConcreteRoute, nextStepOf, tourStep, type TourStep } from "./tour-steps.ts";

export { classifyTourClick, retakeProgress, tourStep };

/** The step a chapter starts with: where the user stopped, or its first step. */
export function chapterStart(
  chapter: ChapterNumber,
  from: "where-stopped" | "first-step",
  progress: OnboardingProgress,
): TourStepId {
  return from === "first-step" ? firstStepOf(chapter) : stepToOpen(chapter, progress);
}

/**
 * What showing a step means: the progress it saves, and the address the tour goes to for it, if
 * any. A step on the page of one resource (`/applications/:clusterId/:id`) is reached by the click
 * of the step before it, never by the tour itself; nor is a page the click already went to (a
 * link's own navigation, not a second history entry).
 */
export function stepShown(
  id: TourStepId,
  pathname: string,
): { progress: OnboardingProgress; goTo: string | undefined } {
  const step = tourStep(id);
  const goTo =
    isConcreteRoute(step.route) && matchPath(step.route, pathname) === null
      ? step.route
      : undefined;
  return { progress: progressOfStep[id], goTo };
}

/** After a step's click: the chapter's next step, or the chapter done and the progress it saves. */
export function afterStep(
  id: TourStepId,
): { next: TourStep } | { next: undefined; finished: OnboardingProgress } {
  const next = nextStepOf(id);
  return next
    ? { next }
    : { next: undefined, finished: progressOfFinishedChapter[tourStep(id).chapter] };
}
