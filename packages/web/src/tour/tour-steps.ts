// The onboarding tour's chapters and steps (SPEC.md section 4), as data: where each step happens,
// what it points at and what moves it on (what it says is in tour-texts.ts). The pages mark the
// elements the steps point at with `data-tour="<target>"`.

import type { TourFact } from "./tour-facts.ts";
import type { ChapterNumber, TourStepId } from "./tour-step-ids.ts";

/**
 * The click that moves a step on; nothing else does (SPEC: "The tour only advances on the
 * specified clicks"). `target`: a click on the page's element marked `data-tour="<target>"` (a
 * link the user follows). `submit`: the form's button marked so; the step moves on when the
 * form's page is left for the next step's (the form was accepted), and stays, saying so, while
 * the form refuses. `next`: the step's own button, for a step that explains what is highlighted
 * or asks for a choice in it; `label` is its text.
 */
export type TourAdvance =
  | { on: "target"; target: string }
  | { on: "submit"; target: string }
  | { on: "next"; label: string };

export interface TourStep {
  id: TourStepId;
  chapter: ChapterNumber;
  /**
   * The route the step happens on, as the router spells it (`:param` for a segment). The step
   * overlay waits for the element only there.
   */
  route: string;
  /** The element the step highlights: `[data-tour="<step id>"]`. */
  selector: string;
  advance: TourAdvance;
  /**
   * The choices the step asks for, as its form reports them (tour-facts.ts): its Next waits for
   * them, and a later step of the same form goes back to it when one is undone.
   */
  requires: readonly TourFact[];
}

export interface TourChapter {
  number: ChapterNumber;
  steps: readonly TourStep[];
}

/** The attribute value of the element a step highlights (the step's id). */
export function tourSelector(target: string): string {
  return `[data-tour="${target}"]`;
}

function step(
  id: TourStepId,
  chapter: ChapterNumber,
  route: string,
  advance: TourAdvance,
  requires: readonly TourFact[] = [],
): TourStep {
  return { id, chapter, route, selector: tourSelector(id), advance, requires };
}

export const tourChapters: readonly TourChapter[] = [
  {
    number: 1,
    steps: [
      step("your-applications", 1, "/applications", { on: "target", target: "your-applications" }),
      step("essential-information", 1, "/applications/add", { on: "next", label: "Next" }, [
        "application-named",
        "apk-chosen",
      ]),
      step("explore-advance-details", 1, "/applications/add", {
        on: "submit",
        target: "add-application-submit",
      }),
      step("browse-your-applications", 1, "/applications/:clusterId/:id", {
        on: "next",
        label: "Done",
      }),
    ],
  },
  {
    number: 2,
    steps: [
      step("create-instance", 2, "/instances", { on: "target", target: "create-instance" }),
      step("source-details", 2, "/instances/new", { on: "next", label: "Next" }, [
        "application-chosen",
      ]),
      step("instance-capabilities", 2, "/instances/new", { on: "next", label: "Next" }, [
        "streaming-enabled",
      ]),
      step("other-configuration-sections", 2, "/instances/new", { on: "next", label: "Next" }),
      step("create-your-instance", 2, "/instances/new", {
        on: "submit",
        target: "create-your-instance",
      }),
      step("browse-your-instances", 2, "/instances/:clusterId/:instanceId", {
        on: "next",
        label: "Done",
      }),
    ],
  },
  {
    number: 3,
    steps: [
      step("stream-instance", 3, "/instances", { on: "target", target: "stream-instance" }),
      step("stream-is-ready", 3, "/sessions/:sessionId", { on: "next", label: "Finish" }),
    ],
  },
];

export function chapterOf(number: ChapterNumber): TourChapter {
  const found = tourChapters.find((chapter) => chapter.number === number);
  if (!found) throw new Error(`unknown tour chapter ${String(number)}`);
  return found;
}

/** A chapter's first step: where Start and Repeat begin. */
export function firstStepOf(chapter: ChapterNumber): TourStepId {
  const first = chapterOf(chapter).steps[0];
  if (!first) throw new Error(`chapter ${String(chapter)} has no steps`);
  return first.id;
}

export function tourStep(id: TourStepId): TourStep {
  const found = tourChapters.flatMap((chapter) => chapter.steps).find((s) => s.id === id);
  if (!found) throw new Error(`unknown tour step ${id}`);
  return found;
}

/** The step after `id` in its chapter; undefined after the chapter's last step. */
export function nextStepOf(id: TourStepId): TourStep | undefined {
  const { steps } = chapterOf(tourStep(id).chapter);
  return steps[steps.findIndex((s) => s.id === id) + 1];
}

/**
 * The steps before `id` in its chapter on the same page (one form's earlier steps), first first:
 * what they asked for must still hold when the form is sent.
 */
export function earlierStepsOnPage(id: TourStepId): readonly TourStep[] {
  const current = tourStep(id);
  const { steps } = chapterOf(current.chapter);
  return steps
    .slice(
      0,
      steps.findIndex((s) => s.id === id),
    )
    .filter((s) => s.route === current.route);
}

/** Whether a route pattern of a step (`/applications/:clusterId/:id`) names no parameter. */
export function isConcreteRoute(route: string): boolean {
  return !route.includes(":");
}
