import { z } from "zod";
import { onboardingProgressValues } from "../constants/onboarding-progress.ts";

export {
  isOnboardingProgress,
  onboardingProgressValues,
} from "../constants/onboarding-progress.ts";
export type { OnboardingProgress } from "../constants/onboarding-progress.ts";

export const onboardingProgressSchema = z.enum(onboardingProgressValues);

/** `GET /api/onboarding-progress` and `PATCH /api/onboarding-progress/{progress}`. */
export const onboardingProgressResponseSchema = z.object({
  onboarding_progress: onboardingProgressSchema,
});
export type OnboardingProgressResponse = z.infer<typeof onboardingProgressResponseSchema>;
