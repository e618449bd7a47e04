import {
  onboardingProgressResponseSchema,
  type OnboardingProgress,
  type OnboardingProgressResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { OnboardingProgress };

/** `GET /api/onboarding-progress`: how far the signed-in user got in the onboarding tour. */
export async function fetchOnboardingProgress(signal?: AbortSignal): Promise<OnboardingProgress> {
  const body = await apiFetch<OnboardingProgressResponse>("/api/onboarding-progress", { signal });
  return onboardingProgressResponseSchema.parse(body).onboarding_progress;
}

/** `PATCH /api/onboarding-progress/{progress}`: saves the step the user reached. */
export async function updateOnboardingProgress(
  progress: OnboardingProgress,
): Promise<OnboardingProgress> {
  const body = await apiFetch<OnboardingProgressResponse>(
    `/api/onboarding-progress/${encodeURIComponent(progress)}`,
    { method: "PATCH" },
  );
  return onboardingProgressResponseSchema.parse(body).onboarding_progress;
}
