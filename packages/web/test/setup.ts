import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

// jsdom's Performance (the window's own under the vmThreads pool) has no Navigation Timing entries
// list: a page loaded in a test was reached by no navigation the tour could read.
if (typeof performance !== "undefined" && typeof performance.getEntriesByType !== "function") {
  Object.defineProperty(performance, "getEntriesByType", { value: () => [] });
}

afterEach(() => {
  cleanup();
  // What a test leaves in the tab's storage (a list's remembered width) is not the next one's.
  // (The build plugins' tests run in Node, without a window.)
  if (typeof window !== "undefined") window.sessionStorage.clear();
});
