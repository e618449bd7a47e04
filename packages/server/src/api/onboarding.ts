import type { FastifyInstance } from "fastify";
import {
  onboardingProgressSchema,
  onboardingProgressValues,
  type OnboardingProgressResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { requireSession } from "../auth/require-session.ts";
import { findUserById } from "../store/users.ts";
import { ApiError } from "../http/api-error.ts";

/**
 * `GET /api/onboarding-progress` and `PATCH /api/onboarding-progress/{progress}`: how far the
 * signed-in user got in the onboarding tour, kept per user so that it follows them between
 * browsers.
 */
export function registerOnboardingRoutes(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  const guard = requireSession(context.db, context.config.session);

  app.get(
    "/api/onboarding-progress",
    { preHandler: guard },
    async (request, reply): Promise<OnboardingProgressResponse> => {
      // The tour must never act on a stale step.
      void reply.header("cache-control", "no-store");
      const user = request.user ? await findUserById(context.db, request.user.id) : undefined;
      if (!user) throw new ApiError(401, "You are not signed in.");
      const parsed = onboardingProgressSchema.safeParse(user.onboarding_progress);
      return { onboarding_progress: parsed.success ? parsed.data : "not-started" };
    },
  );

  app.patch(
    "/api/onboarding-progress/:progress",
    { preHandler: guard },
    async (request): Promise<OnboardingProgressResponse> => {
      if (!request.user) throw new ApiError(401, "You are not signed in.");
      const { progress } = request.params as { progress: string };
      const parsed = onboardingProgressSchema.safeParse(progress);
      if (!parsed.success) {
        throw new ApiError(
          400,
          `Unknown onboarding progress "${progress}": it must be one of ${onboardingProgressValues.join(", ")}.`,
        );
      }
      await context.db
        .updateTable("users")
        .set({ onboarding_progress: parsed.data })
        .where("id", "=", request.user.id)
        .execute();
      return { onboarding_progress: parsed.data };
    },
  );
  return Promise.resolve();
}
