import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import { matchPath, useLocation } from "react-router";
import { Button } from "../vendor/react-components.ts";
import { focusableElements } from "../components/overlays/focusable-elements.ts";
import { tourOwnAttribute } from "./tour-click.ts";
import { chapterOf, type TourStep } from "./tour-steps.ts";
import { tourStepTexts } from "./tour-texts.ts";
import { tourPollIntervalMs, useTourElement } from "./use-tour-element.ts";
import "./_tour-step.scss";

interface Props {
  step: TourStep;
  /** The step's Next (or Done, Finish) button: steps that only explain what they highlight. */
  onNext: () => void;
  /** "End tour". */
  onCancel: () => void;
}

/** Where the highlighted element is on screen (viewport pixels). */
interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const highlightPadding = 6;
/** Room the card needs (its few lines and buttons) to go below or above its element. */
const cardMinHeight = 220;

/**
 * The running step: a ring around the element it talks about, and beside it a card with the
 * step's title, its one or two sentences and, for a step that only explains, its Next button.
 *
 * Keyboard and screen readers: the card sits in the page's order right after the highlighted
 * element (a node inserted there holds it), so Tab goes from the element to the card's buttons;
 * the focus moves to the highlighted element (or its first control) when it appears, and the
 * element is described by the step's text, which a polite live region also announces.
 */
export function TourStepOverlay({ step, onNext, onCancel }: Props) {
  const { pathname } = useLocation();
  const onRoute = matchPath(step.route, pathname) !== null;
  const element = useTourElement(step.selector, onRoute);
  const box = useBoxOf(element);
  const holder = useHolderAfter(element);
  const cardRef = useRef<HTMLElement>(null);
  const textId = `tour-step-text-${step.id}`;

  // The element's own description while the step is on it, so that a screen reader hears why
  // the focus is there.
  useEffect(() => {
    if (!element) return;
    const focusTarget = firstFocusable(element);
    const described = focusTarget ?? element;
    const before = described.getAttribute("aria-describedby");
    described.setAttribute("aria-describedby", before ? `${before} ${textId}` : textId);
    element.scrollIntoView({ block: "center", inline: "nearest" });
    if (focusTarget) focusTarget.focus({ preventScroll: true });
    else cardRef.current?.querySelector<HTMLElement>("button")?.focus({ preventScroll: true });
    return () => {
      if (before === null) described.removeAttribute("aria-describedby");
      else described.setAttribute("aria-describedby", before);
    };
  }, [element, textId]);

  const { steps } = chapterOf(step.chapter);
  const index = steps.findIndex((s) => s.id === step.id);
  const position = `Chapter ${String(step.chapter)}, step ${String(index + 1)} of ${String(steps.length)}`;
  const shown = element !== undefined && box !== undefined && holder !== undefined;
  const { title, text } = tourStepTexts[step.id];

  return (
    <>
      <div className="u-off-screen" role="status" aria-live="polite">
        {shown ? `Tour: ${position}. ${title}. ${text}` : ""}
      </div>
      {shown && (
        <>
          <div
            className="tour-step__highlight"
            aria-hidden="true"
            style={{
              top: box.top - highlightPadding,
              left: box.left - highlightPadding,
              width: box.width + 2 * highlightPadding,
              height: box.height + 2 * highlightPadding,
            }}
          />
          {createPortal(
            <section
              ref={cardRef}
              className="tour-step__card p-card"
              aria-label={`Tour step: ${title}`}
              {...{ [tourOwnAttribute]: "" }}
              style={cardPlacement(box)}
            >
              <p className="tour-step__position">{position}</p>
              <h2 className="p-heading--5">{title}</h2>
              <p id={textId}>{text}</p>
              <div className="tour-step__actions">
                <Button type="button" appearance="base" className="u-no-margin" onClick={onCancel}>
                  End tour
                </Button>
                {step.advance.on === "next" && (
                  <Button
                    type="button"
                    appearance="positive"
                    className="u-no-margin"
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

/**
 * The card below the element when there is room under it; beside it (right) when the element is
 * too tall for that and the window is wide enough (a form section); else above it; else at the
 * viewport's bottom right. Always within the viewport.
 */
function cardPlacement(box: Box): CSSProperties {
  const gap = highlightPadding + 8;
  const margin = 16;
  const cardWidth = Math.min(384, window.innerWidth - 2 * margin);
  const roomBelow = window.innerHeight - (box.top + box.height + gap);
  const roomRight = window.innerWidth - (box.left + box.width + gap);
  const roomAbove = box.top - gap;
  const alignedLeft = Math.max(margin, Math.min(box.left, window.innerWidth - cardWidth - margin));
  if (roomBelow >= cardMinHeight) {
    return { top: box.top + box.height + gap, left: alignedLeft, width: cardWidth };
  }
  if (roomRight >= cardWidth + margin) {
    const top = Math.max(margin, Math.min(box.top, window.innerHeight - cardMinHeight - margin));
    return { top, left: box.left + box.width + gap, width: cardWidth };
  }
  if (roomAbove >= cardMinHeight) {
    return { bottom: window.innerHeight - box.top + gap, left: alignedLeft, width: cardWidth };
  }
  return { bottom: margin, right: margin, width: cardWidth };
}
