import { describe, expect, it } from "vitest";
import { onboardingProgressValues } from "@anbox-dashboard/contract";
import {
  canRetake,
  chapterAction,
  chapterDoneByUser,
  progressOfChapterStart,
  progressOfFinishedChapter,
  progressOfStep,
  stepToOpen,
  tourPosition,
} from "./tour-progress.ts";
import { tourChapters } from "./tour-steps.ts";
import { tourStepIds } from "./tour-step-ids.ts";

const rank = (value: (typeof onboardingProgressValues)[number]) =>
  onboardingProgressValues.indexOf(value);

describe("the steps against the server's onboarding_progress", () => {
  it("saves a value that never goes back while a user walks the whole tour", () => {
    const walked = [...tourStepIds.map((id) => progressOfStep[id]), progressOfFinishedChapter[3]];
    for (let index = 1; index < walked.length; index++) {
      expect(rank(walked[index] ?? "not-started")).toBeGreaterThanOrEqual(
        rank(walked[index - 1] ?? "not-started"),
      );
    }
    // Every value but not-started is one the tour saves.
    expect(new Set(walked)).toEqual(
      new Set(onboardingProgressValues.filter((v) => v !== "not-started")),
    );
  });

  it("starts each chapter where the one before it ended", () => {
    expect(progressOfChapterStart(1)).toBe("welcome-modal");
    expect(progressOfChapterStart(2)).toBe(progressOfFinishedChapter[1]);
    expect(progressOfChapterStart(3)).toBe(progressOfFinishedChapter[2]);
    expect(progressOfFinishedChapter).toEqual({
      1: "create-an-application",
      2: "create-a-streamable-instance",
      3: "stream-the-instance",
    });
  });

  it("continues from a step a reload can show again", () => {
    expect(tourPosition("not-started")).toEqual({
      kind: "step",
      chapter: 1,
      stepId: "your-applications",
    });
    expect(tourPosition("explore-advance-details")).toEqual({
      kind: "step",
      chapter: 1,
      stepId: "explore-advance-details",
    });
    // The application page and the session page cannot be named after a reload.
    expect(tourPosition("create-an-application")).toEqual({
      kind: "step",
      chapter: 2,
      stepId: "create-instance",
    });
    expect(tourPosition("instance-capabilities")).toEqual({
      kind: "step",
      chapter: 2,
      stepId: "instance-capabilities",
    });
    expect(tourPosition("stream-is-ready")).toEqual({
      kind: "step",
      chapter: 3,
      stepId: "stream-instance",
    });
    expect(tourPosition("stream-the-instance")).toEqual({ kind: "finished" });
    // Every step a value continues from saves that value again (or an earlier one) when shown;
    // not-started alone moves on, to welcome-modal.
    for (const value of onboardingProgressValues.filter((v) => v !== "not-started")) {
      const position = tourPosition(value);
      if (position.kind === "step")
        expect(rank(progressOfStep[position.stepId])).toBeLessThanOrEqual(rank(value));
    }
  });

  it("offers Continue only inside a chapter, Start before it and after it", () => {
    const actions = (chapter: 1 | 2 | 3) =>
      onboardingProgressValues.filter((value) => chapterAction(chapter, value) === "continue");
    expect(actions(1)).toEqual(["essential-information", "explore-advance-details"]);
    expect(actions(2)).toEqual([
      "source-details",
      "instance-capabilities",
      "other-configuration-sections",
      "create-your-instance",
    ]);
    expect(actions(3)).toEqual(["stream-is-ready"]);
  });

  it("opens the step the button says", () => {
    expect(stepToOpen(1, "explore-advance-details")).toBe("explore-advance-details");
    expect(stepToOpen(2, "other-configuration-sections")).toBe("other-configuration-sections");
    // Another chapter's progress, or none: the chapter's first step.
    expect(stepToOpen(2, "explore-advance-details")).toBe("create-instance");
    expect(stepToOpen(1, "source-details")).toBe("your-applications");
    expect(stepToOpen(3, "stream-the-instance")).toBe("stream-instance");
    for (const chapter of tourChapters) {
      expect(stepToOpen(chapter.number, "not-started")).toBe(chapter.steps[0]?.id);
    }
  });

  it("knows which chapters the user has done, and when Retake has something to undo", () => {
    expect(chapterDoneByUser(1, "explore-advance-details")).toBe(false);
    expect(chapterDoneByUser(1, "create-an-application")).toBe(true);
    expect(chapterDoneByUser(2, "create-your-instance")).toBe(false);
    expect(chapterDoneByUser(2, "stream-is-ready")).toBe(true);
    expect(chapterDoneByUser(3, "stream-is-ready")).toBe(false);
    expect(chapterDoneByUser(3, "stream-the-instance")).toBe(true);
    expect(canRetake("not-started")).toBe(false);
    expect(canRetake("welcome-modal")).toBe(false);
    expect(canRetake("essential-information")).toBe(true);
    expect(canRetake("stream-the-instance")).toBe(true);
  });
});
