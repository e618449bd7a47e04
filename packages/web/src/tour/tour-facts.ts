// What the forms of the tour tell it about their own state: the choices a step asks for (SPEC.md
// section 4: "the tour only advances on the specified clicks", and a step that asks for a choice
// moves on only once it is made). The form knows its values; reading them back from the page's
// elements would guess (a file input is emptied once its file is taken). A small store of its
// own, not a context: only the forms and the step's card (both loaded later) use it, so the
// first page load carries none of it.
import { useEffect, useSyncExternalStore } from "react";

/** A choice a tour step asks for, as the form that holds it reports it. */
export type TourFact =
  /** Add application: a name is typed and the form finds nothing wrong with it. */
  | "application-named"
  /** Add application: an APK file is chosen. */
  | "apk-chosen"
  /** Create instance: an application (not an image) is the source, and one is chosen. */
  | "application-chosen"
  /** Create instance: "Enable streaming" is ticked. */
  | "streaming-enabled";

/** What is known now: a fact no mounted form reports is absent (neither met nor missing). */
export type TourFacts = ReadonlyMap<TourFact, boolean>;

let current: TourFacts = new Map();
const listeners = new Set<() => void>();

function publish(next: TourFacts): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A form reports one of its facts while it is on the page; it is forgotten when the form goes
 * (another visit of the form starts empty).
 */
export function useReportTourFact(fact: TourFact, value: boolean): void {
  useEffect(() => {
    publish(new Map(current).set(fact, value));
    return () => {
      const rest = new Map(current);
      rest.delete(fact);
      publish(rest);
    };
  }, [fact, value]);
}

/** The facts the mounted forms report now; the step's card follows them. */
export function useTourFacts(): TourFacts {
  return useSyncExternalStore(subscribe, () => current);
}
