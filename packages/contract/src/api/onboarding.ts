import { z } from "zod";

/** The steps of the onboarding tour, in order; a user's progress is the last one reached. */
export const onboardingProgressValues = [
  "not-started",
  "welcome-modal",
  "essential-information",
  "explore-advance-details",
  "create-an-application",
  "source-details",
  "instance-capabilities",
  "other-configuration-sections",
  "create-your-instance",
  "create-a-streamable-instance",
  "stream-is-ready",
  "stream-the-instance",
] as const;

export const onboardingProgressSchema = z.enum(onboardingProgressValues);
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;

/** `GET /api/onboarding-progress` and `PATCH /api/onboarding-progress/{progress}`. */
export const onboardingProgressResponseSchema = z.object({
  onboarding_progress: onboardingProgressSchema,
});
export type OnboardingProgressResponse = z.infer<typeof onboardingProgressResponseSchema>;
