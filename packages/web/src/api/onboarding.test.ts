import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchOnboardingProgress, updateOnboardingProgress } from "./onboarding.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(body: unknown) {
  vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(body))));
}

describe("onboarding progress", () => {
  it("gives the step the server answers", async () => {
    answer({ onboarding_progress: "source-details" });
    await expect(fetchOnboardingProgress()).resolves.toBe("source-details");
    answer({ onboarding_progress: "stream-the-instance" });
    await expect(updateOnboardingProgress("stream-the-instance")).resolves.toBe(
      "stream-the-instance",
    );
  });

  it("refuses a step this page does not know, naming it, rather than steer the tour by it", async () => {
    answer({ onboarding_progress: "a-later-step" });
    await expect(fetchOnboardingProgress()).rejects.toThrow(
      'Unknown onboarding progress "a-later-step"',
    );
    answer({});
    await expect(updateOnboardingProgress("welcome-modal")).rejects.toThrow(
      'Unknown onboarding progress "undefined"',
    );
  });
});
