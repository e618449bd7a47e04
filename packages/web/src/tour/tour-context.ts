import { createContext, useContext } from "react";
import type { TourStep } from "./tour-steps.ts";
import type { ChapterNumber } from "./tour-step-ids.ts";

/** The running tour, as `TourProvider` gives it to the shell, the panel and the step overlay. */
export interface Tour {
  /** The progress panel ("Get started") is open. */
  panelOpen: boolean;
  openPanel: () => void;
  closePanel: () => void;
  togglePanel: () => void;
  /** The step on screen; undefined when no chapter runs. */
  step: TourStep | undefined;
  /**
   * Starts a chapter (or continues it where the user stopped, as the panel's button says; a
   * chapter whose resource is there already is repeated from its first step: `from`):
   * closes the panel, saves the step's progress and goes to its route.
   */
  start: (chapter: ChapterNumber, from?: "where-stopped" | "first-step") => void;
  /**
   * Moves to the next step of the chapter after the step's click, saving the progress; after the
   * last step the chapter is done: the tour ends and the panel opens again 1 s later.
   */
  advance: () => void;
  /** Ends the running chapter where it is (an outside click, the back button, Escape). */
  cancel: () => void;
  /** "Retake tour": back to the welcome, nothing done. */
  retake: () => void;
}

export const TourContext = createContext<Tour | undefined>(undefined);

/** The tour; only inside `TourProvider` (the signed-in layout). */
export function useTour(): Tour {
  const tour = useContext(TourContext);
  if (!tour) throw new Error("useTour must be used inside TourProvider");
  return tour;
}
