// The tour's steps against the server's `onboarding_progress` (SPEC.md section 3). The server
// keeps one value per user; the tour saves it on every step change and reads it to continue.
//
// The values name milestones rather than steps (twelve values, twelve steps, but not one for
// one). Decisions, where the spec is silent:
// - A step saves the value of the milestone the user is at when it shows. Most steps have a value
//   of their own name; `your-applications` is `welcome-modal` (nothing done yet but the welcome).
// - Submitting chapter 1's form makes the application: `browse-your-applications` saves
//   `create-an-application`, which is also where chapter 2 starts (`create-instance`).
// - Likewise `create-your-instance`'s click makes the instance: `browse-your-instances` and
//   chapter 3's `stream-instance` save `create-a-streamable-instance`.
// - Finishing chapter 3 (the stream seen) saves `stream-the-instance`: the tour is done.
// - Continuing from a value returns to a step that can be shown again after a reload:
//   `browse-your-applications` and `stream-is-ready` sit on pages of one application or one
//   session, which a reload cannot name, so `create-an-application` continues with chapter 2 and
//   `stream-is-ready` with chapter 3's first step.
import type { OnboardingProgress } from "../api/onboarding.ts";
import { onboardingProgressValues } from "@anbox-dashboard/contract";
import { firstStepOf, tourStep } from "./tour-steps.ts";
import { type ChapterNumber, type TourStepId } from "./tour-step-ids.ts";

/** The value each step saves when it shows. */
export const progressOfStep: Record<TourStepId, OnboardingProgress> = {
  "your-applications": "welcome-modal",
  "essential-information": "essential-information",
  "explore-advance-details": "explore-advance-details",
  "browse-your-applications": "create-an-application",
  "create-instance": "create-an-application",
  "source-details": "source-details",
  "instance-capabilities": "instance-capabilities",
  "other-configuration-sections": "other-configuration-sections",
  "create-your-instance": "create-your-instance",
  "browse-your-instances": "create-a-streamable-instance",
  "stream-instance": "create-a-streamable-instance",
  "stream-is-ready": "stream-is-ready",
};

/** The value a chapter's last step leaves behind once it is done. */
export const progressOfFinishedChapter: Record<ChapterNumber, OnboardingProgress> = {
  1: "create-an-application",
  2: "create-a-streamable-instance",
  3: "stream-the-instance",
};

/** What "Retake tour" goes back to: the welcome seen, nothing else done. */
export const retakeProgress: OnboardingProgress = "welcome-modal";

/** The value a chapter's Start saves (its first step's). */
export function progressOfChapterStart(chapter: ChapterNumber): OnboardingProgress {
  return progressOfStep[firstStepOf(chapter)];
}

/** Where the user is: the step to continue from, or `finished` once chapter 3 is done. */
export type TourPosition =
  { kind: "step"; chapter: ChapterNumber; stepId: TourStepId } | { kind: "finished" };

const resumeStepOfProgress: Record<OnboardingProgress, TourStepId | "finished"> = {
  "not-started": "your-applications",
  "welcome-modal": "your-applications",
  "essential-information": "essential-information",
  "explore-advance-details": "explore-advance-details",
  "create-an-application": "create-instance",
  "source-details": "source-details",
  "instance-capabilities": "instance-capabilities",
  "other-configuration-sections": "other-configuration-sections",
  "create-your-instance": "create-your-instance",
  "create-a-streamable-instance": "stream-instance",
  "stream-is-ready": "stream-instance",
  "stream-the-instance": "finished",
};

export function tourPosition(progress: OnboardingProgress): TourPosition {
  const stepId = resumeStepOfProgress[progress];
  if (stepId === "finished") return { kind: "finished" };
  return { kind: "step", chapter: tourStep(stepId).chapter, stepId };
}

function rank(progress: OnboardingProgress): number {
  return onboardingProgressValues.indexOf(progress);
}

/** Whether `progress` is at or past `milestone` in the values' order. */
export function hasReached(progress: OnboardingProgress, milestone: OnboardingProgress): boolean {
  return rank(progress) >= rank(milestone);
}

/**
 * The chapter's button in the progress panel: `continue` when the user stopped inside it (past
 * its start, short of its end), `start` otherwise (not begun, or done and to be taken again).
 */
export function chapterAction(
  chapter: ChapterNumber,
  progress: OnboardingProgress,
): "start" | "continue" {
  const inside =
    rank(progress) > rank(progressOfChapterStart(chapter)) &&
    rank(progress) < rank(progressOfFinishedChapter[chapter]);
  return inside ? "continue" : "start";
}

/** Whether the user has made what the chapter makes (its resource, or the stream seen). */
export function chapterDoneByUser(chapter: ChapterNumber, progress: OnboardingProgress): boolean {
  return hasReached(progress, progressOfFinishedChapter[chapter]);
}

/** Whether "Retake tour" has anything to undo. */
export function canRetake(progress: OnboardingProgress): boolean {
  return hasReached(progress, "essential-information");
}

/** The step a chapter's button opens: where the user stopped when continuing, else its first. */
export function stepToOpen(chapter: ChapterNumber, progress: OnboardingProgress): TourStepId {
  const position = tourPosition(progress);
  if (
    chapterAction(chapter, progress) === "continue" &&
    position.kind === "step" &&
    position.chapter === chapter
  ) {
    return position.stepId;
  }
  return firstStepOf(chapter);
}
