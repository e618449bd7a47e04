import type { OnboardingProgress } from "../api/onboarding.ts";

/** SPEC.md section 4: a desktop is a window 1200 px wide or more. */
export const desktopMinWidth = 1200;

/**
 * Whether the progress panel opens by itself: for a user who never saw the tour, on a desktop
 * (the panel and "Get started" are hidden on small and medium screens), and not over the
 * "Important update" modal of an account from before streamable instances: it opens once that
 * modal is closed, so that one thing greets the user at a time.
 */
export function shouldOpenByItself({
  progress,
  windowWidth,
  updateModalShown,
}: {
  progress: OnboardingProgress | undefined;
  windowWidth: number;
  updateModalShown: boolean;
}): boolean {
  return progress === "not-started" && windowWidth >= desktopMinWidth && !updateModalShown;
}
