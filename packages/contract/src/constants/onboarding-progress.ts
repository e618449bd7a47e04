// The onboarding tour's steps, without schemas: the shell reads them on every page without
// loading zod (api/onboarding.ts holds the schemas, for the server).

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

export type OnboardingProgress = (typeof onboardingProgressValues)[number];

/** Whether a value read from elsewhere (an answer, storage) is one of the tour's steps. */
export function isOnboardingProgress(value: unknown): value is OnboardingProgress {
  return (onboardingProgressValues as readonly unknown[]).includes(value);
}
