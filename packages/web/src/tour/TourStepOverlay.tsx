import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { matchPath, useLocation } from "react-router";
import { Button } from "../vendor/react-components.ts";
import { focusableElements } from "../components/overlays/focusable-elements.ts";
import { tourOwnAttribute } from "./tour-click.ts";
import { cardPlacement, type Box } from "./card-placement.ts";
import { useTourFacts } from "./tour-facts.ts";
import {
  chapterOf,
  earlierStepsOnPage,
  nextStepOf,
  tourSelector,
  type TourStep,
} from "./tour-steps.ts";
import { type TourStepId } from "./tour-step-ids.ts";
import { tourFactTexts, tourStepTexts } from "./tour-texts.ts";
import { tourPollIntervalMs, useTourElement } from "./use-tour-element.ts";
import "./_tour-step.scss";

interface Props {
  step: TourStep;
  /** The step's Next (or Done, Finish) button, or its form accepted: the next step. */
  onNext: () => void;
  /** Back to an earlier step of the same form, whose choice was undone. */
  onGoTo: (id: TourStepId) => void;
  /** "End tour". */
  onCancel: () => void;
}

const highlightPadding = 6;

/**
 * The running step: a ring around the element it talks about (and around the button it asks
 * for, when that is another element), and beside them a card with the step's title, its one or
 * two sentences and, for a step that explains or asks for a choice, its Next button.
 *
 * A step that asks for a choice (tour-facts.ts) keeps its Next disabled, saying what is still to
 * do, until the form reports it made; a later step of the same form goes back to it when the
 * choice is undone (a reload empties the form too). A step whose click sends a form moves on when
 * the form's page gives way to the next step's, and says so while the form refuses.
 *
 * Keyboard and screen readers: the card sits in the page's order right after the highlighted
 * element (a node inserted there holds it), so Tab goes from the element to the card's buttons;
 * the focus moves to the button the step asks for, or the element's first control, when it
 * appears, and that control is described by the step's text, which a polite live region also
 * announces.
 */
export function TourStepOverlay({ step, onNext, onGoTo, onCancel }: Props) {
  const { pathname } = useLocation();
  const onRoute = matchPath(step.route, pathname) !== null;
  const element = useTourElement(step.selector, onRoute);
  const targetSelector = step.advance.on === "next" ? undefined : tourSelector(step.advance.target);
  const separateTarget = targetSelector !== undefined && targetSelector !== step.selector;
  const target = useTourElement(targetSelector ?? step.selector, onRoute && separateTarget);
  const box = useBoxOf(element);
  const targetBox = useBoxOf(separateTarget ? target : undefined);
  const holder = useHolderAfter(element);
  const cardRef = useRef<HTMLElement>(null);
  const textId = `tour-step-text-${step.id}`;
  const missingId = `tour-step-missing-${step.id}`;

  // A step that only explains what is highlighted (its card's button moves on, no choice is asked
  // for) gives the focus to that button: the element's first control (a breadcrumb, the player's
  // Full screen) is not what the step is about.
  const explains = step.advance.on === "next" && step.requires.length === 0;

  // The element's own description while the step is on it, so that a screen reader hears why
  // the focus is there; the button the step asks for is brought into view too.
  useEffect(() => {
    if (!element) return;
    const focusTarget = explains ? undefined : (target ?? firstFocusable(element));
    const described = focusTarget ?? element;
    const before = described.getAttribute("aria-describedby");
    described.setAttribute("aria-describedby", before ? `${before} ${textId}` : textId);
    element.scrollIntoView({ block: "center", inline: "nearest" });
    target?.scrollIntoView({ block: "nearest", inline: "nearest" });
    focusTarget?.focus({ preventScroll: true });
    return () => {
      if (before === null) described.removeAttribute("aria-describedby");
      else described.setAttribute("aria-describedby", before);
    };
  }, [element, target, textId, explains]);

  const facts = useTourFacts();
  const missing = step.requires.filter((fact) => facts.get(fact) !== true);
  // An earlier step's choice undone on this form (a box unticked, a reload): back to it.
  const undone = earlierStepsOnPage(step.id).find((earlier) =>
    earlier.requires.some((fact) => facts.get(fact) === false),
  );
  const undoneId = onRoute ? undone?.id : undefined;
  useEffect(() => {
    if (undoneId !== undefined) onGoTo(undoneId);
  }, [undoneId, onGoTo]);

  // The form was accepted: its page gave way to the next step's.
  const next = nextStepOf(step.id);
  const accepted =
    step.advance.on === "submit" && next !== undefined && matchPath(next.route, pathname) !== null;
  useEffect(() => {
    if (accepted) onNext();
  }, [accepted, onNext]);
  const refused = useFormRefusal(step.advance.on === "submit" ? (target ?? element) : undefined);

  const { steps } = chapterOf(step.chapter);
  const index = steps.findIndex((s) => s.id === step.id);
  const position = `Chapter ${String(step.chapter)}, step ${String(index + 1)} of ${String(steps.length)}`;
  const shown = element !== undefined && box !== undefined && holder !== undefined;
  // The card shows once the element is measured: then its button takes the focus, for a step
  // that explains or whose element has no control to take it.
  const focusCard = shown && (explains || (target === undefined && !firstFocusable(element)));
  useEffect(() => {
    if (!focusCard) return;
    cardRef.current
      ?.querySelector<HTMLElement>(".tour-step__actions button:last-child")
      ?.focus({ preventScroll: true });
  }, [focusCard, step.id]);
  const { title, text, refusal } = tourStepTexts[step.id];
  const stillToDo = missing.map((fact) => tourFactTexts[fact]).join(" ");
  const place =
    box &&
    cardPlacement(box, targetBox ?? box, { width: window.innerWidth, height: window.innerHeight });

  return (
    <>
      <div className="u-off-screen tour-step__announcer" role="status" aria-live="polite">
        {shown ? `Tour: ${position}. ${title}. ${text}` : ""}
        {shown && refused && refusal !== undefined ? ` ${refusal}` : ""}
      </div>
      {shown && place && (
        <>
          <Highlight box={box} ringOnly={targetBox !== undefined} />
          {targetBox && <Highlight box={targetBox} ringOnly />}
          {createPortal(
            <section
              ref={cardRef}
              className={`tour-step__card p-card${"docked" in place ? " tour-step__card--docked" : ""}`}
              aria-label={`Tour step: ${title}`}
              {...{ [tourOwnAttribute]: "" }}
              style={"docked" in place ? undefined : place}
            >
              <div className="tour-step__body">
                <div className="tour-step__position">{position}</div>
                <h2 className="p-heading--5">{title}</h2>
                <p id={textId}>{text}</p>
                {step.advance.on === "next" && missing.length > 0 && (
                  <p className="tour-step__to-do" id={missingId}>
                    <strong>Still to do:</strong> {stillToDo}
                  </p>
                )}
                {refused && refusal !== undefined && (
                  <p className="tour-step__to-do">
                    <strong>Not sent yet:</strong> {refusal}
                  </p>
                )}
              </div>
              <div className="tour-step__actions">
                <Button type="button" appearance="base" className="u-no-margin" onClick={onCancel}>
                  End tour
                </Button>
                {step.advance.on === "next" && (
                  <Button
                    type="button"
                    appearance="positive"
                    className="u-no-margin"
                    disabled={missing.length > 0}
                    aria-describedby={missing.length > 0 ? missingId : undefined}
                    onClick={onNext}
                  >
                    {step.advance.label}
                  </Button>
                )}
              </div>
            </section>,
            holder,
          )}
        </>
      )}
    </>
  );
}

function Highlight({ box, ringOnly }: { box: Box; ringOnly: boolean }) {
  return (
    <div
      className={`tour-step__highlight${ringOnly ? " tour-step__highlight--ring-only" : ""}`}
      aria-hidden="true"
      style={{
        top: box.top - highlightPadding,
        left: box.left - highlightPadding,
        width: box.width + 2 * highlightPadding,
        height: box.height + 2 * highlightPadding,
      }}
    />
  );
}

/**
 * Whether the form of `sender` refused what it was sent: once sent, it marks a field wrong or
 * shows an alert (the server's refusal), checked at the tour's pace while the page stays.
 */
function useFormRefusal(sender: HTMLElement | undefined): boolean {
  const form = sender?.closest("form") ?? undefined;
  const [sent, setSent] = useState<HTMLFormElement>();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!form) return;
    const onSubmit = () => {
      setSent(form);
    };
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("submit", onSubmit);
    };
  }, [form]);
  useEffect(() => {
    if (!sent) return;
    const check = () => {
      setRefused(sent.querySelector('[aria-invalid="true"], [role="alert"]') !== null);
    };
    const first = setTimeout(check, 0);
    const timer = setInterval(check, tourPollIntervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [sent]);
  return sent !== undefined && sent === form && refused;
}

/** The element itself when Tab stops at it (a button, a link), else its first control. */
function firstFocusable(element: HTMLElement): HTMLElement | undefined {
  return element.tabIndex >= 0 ? element : focusableElements(element)[0];
}

/**
 * Where the element is, kept up to date as the page scrolls, resizes or moves it (checked at the
 * tour's polling pace as well: a form section grows when an error appears).
 */
function useBoxOf(element: HTMLElement | undefined): Box | undefined {
  const [measured, setMeasured] = useState<{ element: HTMLElement; box: Box }>();
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setMeasured((current) =>
        current?.element === element &&
        current.box.top === rect.top &&
        current.box.left === rect.left &&
        current.box.width === rect.width &&
        current.box.height === rect.height
          ? current
          : {
              element,
              box: { top: rect.top, left: rect.left, width: rect.width, height: rect.height },
            },
      );
    };
    const frame = requestAnimationFrame(measure);
    window.addEventListener("scroll", measure, { capture: true, passive: true });
    window.addEventListener("resize", measure);
    const timer = setInterval(measure, tourPollIntervalMs);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", measure, { capture: true });
      window.removeEventListener("resize", measure);
      clearInterval(timer);
    };
  }, [element]);
  return element !== undefined && measured?.element === element ? measured.box : undefined;
}

/**
 * A node right after the highlighted element, for the card: its place in the page's order is
 * what Tab follows. The page never renders into it; it goes with the step.
 */
function useHolderAfter(element: HTMLElement | undefined): HTMLElement | undefined {
  const holder = useMemo(() => {
    if (!element) return undefined;
    const node = document.createElement("div");
    node.className = "tour-step__holder";
    return node;
  }, [element]);
  useLayoutEffect(() => {
    if (!element || !holder) return;
    element.after(holder);
    return () => {
      holder.remove();
    };
  }, [element, holder]);
  return holder;
}
