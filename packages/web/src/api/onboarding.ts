import {
  isOnboardingProgress,
  type OnboardingProgress,
  type OnboardingProgressResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { OnboardingProgress };

/** `GET /api/onboarding-progress`: how far the signed-in user got in the onboarding tour. */
export async function fetchOnboardingProgress(signal?: AbortSignal): Promise<OnboardingProgress> {
  const body = await apiFetch<OnboardingProgressResponse>("/api/onboarding-progress", { signal });
  return progressOf(body);
}

/** `PATCH /api/onboarding-progress/{progress}`: saves the step the user reached. */
export async function updateOnboardingProgress(
  progress: OnboardingProgress,
): Promise<OnboardingProgress> {
  const body = await apiFetch<OnboardingProgressResponse>(
    `/api/onboarding-progress/${encodeURIComponent(progress)}`,
    { method: "PATCH" },
  );
  return progressOf(body);
}

/**
 * The step in an answer, checked: the tour decides what to show from it, and a server newer than
 * this page may know steps this page does not.
 */
function progressOf(body: OnboardingProgressResponse): OnboardingProgress {
  const progress: unknown = body.onboarding_progress;
  if (isOnboardingProgress(progress)) return progress;
  throw new Error(`Unknown onboarding progress "${String(progress)}": reload the page.`);
}
