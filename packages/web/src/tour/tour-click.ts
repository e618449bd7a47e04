// What a click on the page means to the running step (SPEC.md section 4): the step's own click
// moves the tour on, a click in the tour or in the form the step talks about is the user at work,
// and any other click means the user went elsewhere: the tour ends.
import { tourSelector, type TourStep } from "./tour-steps.ts";

export type TourClick = "advance" | "inside" | "outside";

/** Marks the tour's own elements (the step's card, the progress panel's buttons). */
export const tourOwnAttribute = "data-tour-own";

export function classifyTourClick(step: TourStep, target: Element): TourClick {
  if (step.advance.on === "target" && target.closest(tourSelector(step.advance.target))) {
    return "advance";
  }
  if (target.closest(`[${tourOwnAttribute}]`)) return "inside";
  // The form's button the step asks for: the step moves on once the form is accepted.
  if (step.advance.on === "submit" && target.closest(tourSelector(step.advance.target))) {
    return "inside";
  }
  // The highlighted element, and the form it belongs to (filling in the form is what the step
  // asks for: a click on a field, a select's option or a section's switch goes on with the tour).
  if (target.closest(step.selector) || target.closest("form")) return "inside";
  return "outside";
}
