import { createElement, Suspense, type ComponentType, type ReactElement } from "react";
import { lazyWithRetry } from "./lazy-with-retry.ts";

/** A lazily loaded part of a page: nothing shows until its code is in. */
export type LazyPart<P extends object> = ((props: P) => ReactElement) & {
  /** Starts loading it (once), so that it shows at once when first rendered. */
  preload: () => Promise<void>;
};

/**
 * A part that most visits never show (a modal, the tour's panel), kept out of the page's first
 * load: `lazyWithRetry` inside a Suspense boundary of its own, so that waiting for it never hides
 * the page around it. Preload it where it will likely show soon: the first show of a part not yet
 * loaded is held back by React's Suspense throttle (300 ms).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const Part = lazyWithRetry<P>(async () => ({ default: await load() }));
  function Lazy(props: P): ReactElement {
    return createElement(Suspense, { fallback: null }, createElement(Part, props));
  }
  Lazy.preload = Part.preload;
  return Lazy;
}
