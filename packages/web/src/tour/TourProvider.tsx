import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { matchPath, useNavigate } from "react-router";
import { focusedElement, returnFocus } from "../components/overlays/return-focus.ts";
import { useOnboardingProgress, useSetOnboardingProgress } from "../queries/onboarding.ts";
import { useSessionInfo } from "../queries/session-info.ts";
import { pageNavigationType, restoreActiveStep, saveActiveStep } from "./active-step.ts";
import { shouldOpenByItself } from "./auto-open.ts";
import { classifyTourClick } from "./tour-click.ts";
import { TourContext, type Tour } from "./tour-context.ts";
import {
  progressOfFinishedChapter,
  progressOfStep,
  retakeProgress,
  stepToOpen,
} from "./tour-progress.ts";
import {
  firstStepOf,
  isConcreteRoute,
  nextStepOf,
  tourStep,
  type ChapterNumber,
  type TourStepId,
} from "./tour-steps.ts";
import { LazyTourInterruptionWatch, LazyTourStepOverlay } from "./lazy-tour-step.ts";

/** SPEC.md section 4: "Finishing a chapter … reopens the progress panel after 1 s". */
const reopenPanelAfterMs = 1000;

/**
 * Holds the tour's state for the signed-in layout: whether the progress panel is open and which
 * step runs. Every step change is saved as the user's progress (`PATCH /api/onboarding-progress`),
 * so a reload or another browser continues from it.
 */
export function TourProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const progress = useOnboardingProgress();
  const updateModalShown = useSessionInfo().data?.has_version_update_modal;
  const { mutate: saveProgress } = useSetOnboardingProgress();
  const [panelOpen, setPanelOpen] = useState(false);
  // A reload (or a link that loads a whole page) continues the step this tab was on.
  const [stepId, setStepIdState] = useState<TourStepId | undefined>(() =>
    restoreActiveStep(pageNavigationType()),
  );
  const setStepId = useCallback((id: TourStepId | undefined) => {
    setStepIdState(id);
    saveActiveStep(id);
  }, []);
  // Where the focus was when the chapter started: it goes back there when the tour ends early.
  const focusBeforeTour = useRef<HTMLElement | undefined>(undefined);
  const reopenTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(reopenTimer.current);
    },
    [],
  );

  // A new user on a desktop is welcomed by the panel, once: the progress moves on at once, so a
  // reload or another tab does not open it again.
  const openedByItself = useRef(false);
  useEffect(() => {
    // Once per sign-in, even if saving fails and the cache goes back to not-started.
    const opens = shouldOpenByItself({
      progress: progress.data,
      windowWidth: window.innerWidth,
      // Unknown until the session info is in: wait for it rather than open under the modal.
      updateModalShown: updateModalShown !== false,
    });
    if (openedByItself.current || !opens) return;
    openedByItself.current = true;
    setPanelOpen(true);
    saveProgress("welcome-modal");
  }, [progress.data, saveProgress, updateModalShown]);

  const showStep = useCallback(
    (id: TourStepId) => {
      const step = tourStep(id);
      setStepId(id);
      saveProgress(progressOfStep[id]);
      // A step on the page of one resource (`/applications/:clusterId/:id`) is reached by the
      // click of the step before it, never by the tour itself; nor is a page the click already
      // went to (a link's own navigation, not a second history entry).
      if (isConcreteRoute(step.route) && matchPath(step.route, window.location.pathname) === null) {
        void navigate(step.route);
      }
    },
    [navigate, saveProgress, setStepId],
  );

  const endEarly = useCallback(() => {
    setStepId(undefined);
    const before = focusBeforeTour.current;
    focusBeforeTour.current = undefined;
    // Only when the tour holds the focus (its card, or the element it gave the focus to) or
    // dropped it, as overlays do: a user who clicked elsewhere keeps their place.
    const active = focusedElement();
    const tourHasFocus =
      active !== undefined &&
      (active.closest(".tour-step__card") !== null ||
        (active.getAttribute("aria-describedby") ?? "").includes("tour-step-text-"));
    returnFocus(before, tourHasFocus ? active : null);
  }, [setStepId]);

  const tour = useMemo<Tour>(() => {
    const current = progress.data ?? "not-started";
    return {
      panelOpen,
      openPanel: () => {
        setPanelOpen(true);
      },
      closePanel: () => {
        setPanelOpen(false);
      },
      togglePanel: () => {
        setPanelOpen((open) => !open);
      },
      step: stepId === undefined ? undefined : tourStep(stepId),
      start: (chapter: ChapterNumber, from = "where-stopped") => {
        clearTimeout(reopenTimer.current);
        focusBeforeTour.current = focusedElement();
        setPanelOpen(false);
        showStep(from === "first-step" ? firstStepOf(chapter) : stepToOpen(chapter, current));
      },
      advance: () => {
        if (stepId === undefined) return;
        const next = nextStepOf(stepId);
        if (next) {
          showStep(next.id);
          return;
        }
        focusBeforeTour.current = undefined;
        setStepId(undefined);
        saveProgress(progressOfFinishedChapter[tourStep(stepId).chapter]);
        clearTimeout(reopenTimer.current);
        reopenTimer.current = setTimeout(() => {
          setPanelOpen(true);
        }, reopenPanelAfterMs);
      },
      cancel: endEarly,
      retake: () => {
        setStepId(undefined);
        saveProgress(retakeProgress);
      },
    };
  }, [endEarly, panelOpen, progress.data, saveProgress, setStepId, showStep, stepId]);

  useTourLeaveRules(tour);

  const interrupt = useCallback(() => {
    endEarly();
    setPanelOpen(true);
  }, [endEarly]);
  const step = stepId === undefined ? undefined : tourStep(stepId);

  return (
    <TourContext value={tour}>
      {children}
      {step && (
        <>
          <LazyTourStepOverlay
            step={step}
            onNext={tour.advance}
            onGoTo={showStep}
            onCancel={endEarly}
          />
          <LazyTourInterruptionWatch step={step} onInterrupt={interrupt} />
        </>
      )}
    </TourContext>
  );
}

/**
 * While a step runs (SPEC.md section 4): its own click moves the tour on once the click has done
 * its work (a link followed, a form submitted); a click outside the tour and the form, the
 * browser's back button, or Escape ends it.
 */
function useTourLeaveRules(tour: Tour) {
  const { step, advance, cancel } = tour;
  useEffect(() => {
    if (!step) return;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const meaning = classifyTourClick(step, event.target);
      if (meaning === "advance") setTimeout(advance, 0);
      if (meaning === "outside") cancel();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) cancel();
    };
    document.addEventListener("click", onClick, { capture: true });
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("popstate", cancel);
    return () => {
      document.removeEventListener("click", onClick, { capture: true });
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("popstate", cancel);
    };
  }, [step, advance, cancel]);
}
