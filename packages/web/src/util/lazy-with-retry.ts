import { lazy, type ComponentType, type LazyExoticComponent } from "react";

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

/** `React.lazy` with `loadWithRetry`, for a module whose default export is a component. */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadWithRetry(load));
}
