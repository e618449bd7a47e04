import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { focusedElement, returnFocus } from "../components/overlays/return-focus.ts";
import { useOnboardingProgress, useSetOnboardingProgress } from "../queries/onboarding.ts";
import { useSessionInfo } from "../queries/session-info.ts";
import { loadWithRetry } from "../util/lazy-with-retry.ts";
import { pageNavigationType, restoreActiveStep, saveActiveStep } from "./active-step.ts";
import { shouldOpenByItself } from "./auto-open.ts";
import { useTourRefusals } from "./tour-permissions.ts";
import { TourContext, type Tour } from "./tour-context.ts";
import type { ChapterNumber, TourStepId } from "./tour-step-ids.ts";
import type { TourStep } from "./tour-steps.ts";
import { LazyTourInterruptionWatch, LazyTourStepOverlay } from "./lazy-tour-step.ts";

/** The tour's steps and rules, loaded once it is used: its panel opens, or a step runs. */
const loadEngine = () => loadWithRetry(() => import("./tour-engine.ts"));
type TourEngine = Awaited<ReturnType<typeof loadEngine>>;

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
  const refusals = useTourRefusals();
  // Unknown until the clusters are in: wait rather than greet someone the tour is not for.
  const mayTakeTour = refusals.known ? refusals.chapter[1] === undefined : undefined;
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
    if (mayTakeTour !== true) return;
    if (openedByItself.current || !opens) return;
    openedByItself.current = true;
    setPanelOpen(true);
    saveProgress("welcome-modal");
  }, [progress.data, saveProgress, updateModalShown, mayTakeTour]);

  // The engine loads when the tour is used (its panel open, a step running); an action asked of
  // it before then waits for it. A provider gone meanwhile (signed out) does nothing with it.
  const [engine, setEngine] = useState<TourEngine>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const withEngine = useCallback(
    (run: (loaded: TourEngine) => void) => {
      if (engine) {
        run(engine);
        return;
      }
      // Its code failing to load after the retries leaves the tour where it is: nothing runs.
      void loadEngine().then(
        (loaded) => {
          if (!mounted.current) return;
          setEngine(loaded);
          run(loaded);
        },
        () => undefined,
      );
    },
    [engine],
  );
  const tourInUse = panelOpen || stepId !== undefined;
  useEffect(() => {
    if (tourInUse && !engine) {
      withEngine(() => undefined);
    }
  }, [tourInUse, engine, withEngine]);

  const showStep = useCallback(
    (id: TourStepId) => {
      withEngine((loaded) => {
        const { progress: reached, goTo } = loaded.stepShown(id, window.location.pathname);
        setStepId(id);
        saveProgress(reached);
        if (goTo !== undefined) void navigate(goTo);
      });
    },
    [navigate, saveProgress, setStepId, withEngine],
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

  const step: TourStep | undefined =
    stepId === undefined || !engine ? undefined : engine.tourStep(stepId);
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
      step,
      start: (chapter: ChapterNumber, from = "where-stopped") => {
        clearTimeout(reopenTimer.current);
        focusBeforeTour.current = focusedElement();
        // The panel closes once the step can show: a tour whose code cannot load keeps it open.
        withEngine((loaded) => {
          setPanelOpen(false);
          showStep(loaded.chapterStart(chapter, from, current));
        });
      },
      advance: () => {
        // A step shows only once the engine is in.
        if (stepId === undefined || !engine) return;
        const after = engine.afterStep(stepId);
        if (after.next) {
          showStep(after.next.id);
          return;
        }
        focusBeforeTour.current = undefined;
        setStepId(undefined);
        saveProgress(after.finished);
        clearTimeout(reopenTimer.current);
        reopenTimer.current = setTimeout(() => {
          setPanelOpen(true);
        }, reopenPanelAfterMs);
      },
      cancel: endEarly,
      retake: () => {
        setStepId(undefined);
        withEngine((loaded) => {
          saveProgress(loaded.retakeProgress);
        });
      },
    };
  }, [
    endEarly,
    engine,
    panelOpen,
    progress.data,
    saveProgress,
    setStepId,
    showStep,
    step,
    stepId,
    withEngine,
  ]);

  useTourLeaveRules(tour, engine);

  const interrupt = useCallback(() => {
    endEarly();
    setPanelOpen(true);
  }, [endEarly]);
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
function useTourLeaveRules(tour: Tour, engine: TourEngine | undefined) {
  const { step, advance, cancel } = tour;
  useEffect(() => {
    if (!step || !engine) return;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const meaning = engine.classifyTourClick(step, event.target);
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
  }, [step, engine, advance, cancel]);
}
