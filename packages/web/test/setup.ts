import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

afterEach(() => {
  cleanup();
  // What a test leaves in the tab's storage (a list's remembered width) is not the next one's.
  // (The build plugins' tests run in Node, without a window.)
  if (typeof window !== "undefined") window.sessionStorage.clear();
});
