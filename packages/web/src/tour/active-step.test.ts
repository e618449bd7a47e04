import { afterEach, describe, expect, it } from "vitest";
import { restoreActiveStep, saveActiveStep } from "./active-step.ts";

afterEach(() => {
  sessionStorage.clear();
});

describe("the running step of this tab", () => {
  it("comes back after a reload or a page load", () => {
    saveActiveStep("stream-instance");
    expect(restoreActiveStep("reload")).toBe("stream-instance");
    expect(restoreActiveStep("navigate")).toBe("stream-instance");
  });

  it("is gone once the tour ends, and after the back button, which cancels the tour", () => {
    saveActiveStep("source-details");
    saveActiveStep(undefined);
    expect(restoreActiveStep("reload")).toBeUndefined();
    saveActiveStep("source-details");
    expect(restoreActiveStep("back_forward")).toBeUndefined();
    expect(restoreActiveStep("reload")).toBeUndefined();
  });

  it("ignores what is not a step", () => {
    sessionStorage.setItem("anbox-dashboard.tour-step", "rm -rf");
    expect(restoreActiveStep("reload")).toBeUndefined();
  });
});
