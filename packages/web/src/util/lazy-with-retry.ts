import { createElement, lazy, useState, type ComponentType, type ReactElement } from "react";

export const chunkLoadAttempts = 5;
export const chunkRetryDelayMs = 300;

type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads a page part, trying up to 5 times in all and waiting 300 ms times the attempt index
 * between tries, so that a short network hiccup or a deploy does not break navigation.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, wait: Sleep = sleep): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= chunkLoadAttempts) throw error;
      await wait(chunkRetryDelayMs * attempt);
    }
  }
}

/** A lazily loaded component that can be asked for before its first render. */
export type PreloadableComponent<P extends object> = ((props: P) => ReactElement) & {
  /** Starts loading it (once); settles when it is loaded or has failed. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` with `loadWithRetry`, for a module whose default export is a component, that can
 * be preloaded. One rendered after its code arrived renders it at once, without suspending: a
 * Suspense fallback shown even for a moment makes React hold the page back for its fallback
 * throttle (300 ms).
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= loadWithRetry(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // the next render or preload tries again
        throw error;
      },
    ));
  const Lazy: ComponentType<P> = lazy(start);
  function Preloadable(props: P): ReactElement {
    // Chosen once per mount: changing from the lazy wrapper to the loaded component later would
    // unmount the page and lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Preloadable.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Preloadable;
}
