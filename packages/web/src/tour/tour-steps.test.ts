import { describe, expect, it } from "vitest";
import {
  chapterOf,
  earlierStepsOnPage,
  isConcreteRoute,
  nextStepOf,
  tourChapters,
  tourStep,
} from "./tour-steps.ts";
import { tourStepIds } from "./tour-step-ids.ts";
import { tourChapterTexts, tourStepTexts } from "./tour-texts.ts";

describe("the tour's chapters and steps (SPEC.md section 4)", () => {
  it("has three chapters with the spec's steps, in order", () => {
    expect(tourChapters.map((chapter) => [chapter.number, chapter.steps.map((s) => s.id)])).toEqual(
      [
        [
          1,
          [
            "your-applications",
            "essential-information",
            "explore-advance-details",
            "browse-your-applications",
          ],
        ],
        [
          2,
          [
            "create-instance",
            "source-details",
            "instance-capabilities",
            "other-configuration-sections",
            "create-your-instance",
            "browse-your-instances",
          ],
        ],
        [3, ["stream-instance", "stream-is-ready"]],
      ],
    );
    expect(tourChapters.flatMap((chapter) => chapter.steps.map((s) => s.id))).toEqual([
      ...tourStepIds,
    ]);
  });

  it("gives each step its chapter and its element, and says it in one or two sentences", () => {
    for (const chapter of tourChapters) {
      for (const step of chapter.steps) {
        expect(step.chapter).toBe(chapter.number);
        expect(step.selector).toBe(`[data-tour="${step.id}"]`);
        expect(step.route.startsWith("/")).toBe(true);
        const sentences = tourStepTexts[step.id].text
          .split(/[.!?](?:\s|$)/)
          .filter((part) => part.trim() !== "");
        expect([step.id, sentences.length >= 1 && sentences.length <= 2]).toEqual([step.id, true]);
      }
    }
  });

  it("advances on the clicks that do the thing: open the form, send it, stream", () => {
    const clicks = Object.fromEntries(
      tourChapters.flatMap((chapter) =>
        chapter.steps.map((s) => [
          s.id,
          s.advance.on === "next" ? "next" : `${s.advance.on} ${s.advance.target}`,
        ]),
      ),
    );
    expect(clicks).toMatchObject({
      "your-applications": "target your-applications",
      "explore-advance-details": "submit add-application-submit",
      "create-instance": "target create-instance",
      "instance-capabilities": "next",
      "create-your-instance": "submit create-your-instance",
      "stream-instance": "target stream-instance",
      "stream-is-ready": "next",
    });
  });

  it("waits for the choices a step asks for, and knows a form's earlier steps", () => {
    const requires = Object.fromEntries(
      tourChapters.flatMap((chapter) => chapter.steps.map((s) => [s.id, s.requires])),
    );
    expect(requires).toMatchObject({
      "essential-information": ["application-named", "apk-chosen"],
      "explore-advance-details": [],
      "source-details": ["application-chosen"],
      "instance-capabilities": ["streaming-enabled"],
      "create-your-instance": [],
    });
    expect(earlierStepsOnPage("create-your-instance").map((s) => s.id)).toEqual([
      "source-details",
      "instance-capabilities",
      "other-configuration-sections",
    ]);
    expect(earlierStepsOnPage("source-details")).toEqual([]);
    expect(earlierStepsOnPage("browse-your-instances")).toEqual([]);
  });

  it("walks a chapter step by step and stops at its end", () => {
    expect(nextStepOf("your-applications")?.id).toBe("essential-information");
    expect(nextStepOf("create-your-instance")?.id).toBe("browse-your-instances");
    expect(nextStepOf("browse-your-applications")).toBeUndefined();
    expect(nextStepOf("browse-your-instances")).toBeUndefined();
    expect(nextStepOf("stream-is-ready")).toBeUndefined();
    expect(tourStep("stream-instance").chapter).toBe(3);
    expect(chapterOf(2).steps[0]?.id).toBe("create-instance");
    expect(tourChapterTexts[2].title).toBe("Create a streamable instance");
  });

  it("tells the routes the tour can go to from those of one resource", () => {
    expect(isConcreteRoute("/instances/new")).toBe(true);
    expect(isConcreteRoute("/sessions/:sessionId")).toBe(false);
  });
});
