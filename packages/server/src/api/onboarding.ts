import type { FastifyInstance } from "fastify";
import {
  onboardingProgressSchema,
  onboardingProgressValues,
  type OnboardingProgressResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { findUserById } from "../store/users.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { acts } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { textOf } from "@anbox-dashboard/http-kit";

/**
 * `GET /api/onboarding-progress` and `PATCH /api/onboarding-progress/{progress}`: how far the
 * signed-in user got in the onboarding tour, kept per user so that it follows them between
 * browsers.
 */
export function registerOnboardingRoutes(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  app.get(
    "/api/onboarding-progress",
    { config: { acts: acts.ownAccount } },
    async (request, reply): Promise<OnboardingProgressResponse> => {
      // The tour must never act on a stale step.
      void reply.header("cache-control", "no-store");
      const user = await findUserById(context.db, signedInUser(request).id);
      if (!user) throw new HttpError(401, "Your account no longer exists.");
      const parsed = onboardingProgressSchema.safeParse(user.onboarding_progress);
      return { onboarding_progress: parsed.success ? parsed.data : "not-started" };
    },
  );

  app.patch(
    "/api/onboarding-progress/:progress",
    { config: { acts: acts.ownAccount, whileViewingAs: "as-signed-in-user" } },
    async (request): Promise<OnboardingProgressResponse> => {
      const user = signedInUser(request);
      const progress = textOf(request.params, "progress") ?? "";
      const parsed = onboardingProgressSchema.safeParse(progress);
      if (!parsed.success) {
        throw new HttpError(
          400,
          `Unknown onboarding progress "${progress}": it must be one of ${onboardingProgressValues.join(", ")}.`,
        );
      }
      await context.db
        .updateTable("users")
        .set({ onboarding_progress: parsed.data })
        .where("id", "=", user.id)
        .execute();
      return { onboarding_progress: parsed.data };
    },
  );
  return Promise.resolve();
}
