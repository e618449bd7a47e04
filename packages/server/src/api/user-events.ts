import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { userEventSchema, versionUpdateModalClosedEvent } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { acts } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";

/**
 * `POST /api/user-events {event, eventType}`: remembers something the user did. Closing the
 * "Important update" modal also stops it from showing again, for this user on every browser.
 */
export function registerUserEventRoutes(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  app.post(
    "/api/user-events",
    { config: { acts: acts.ownAccount, whileViewingAs: "as-signed-in-user" } },
    async (request, reply) => {
      const user = signedInUser(request);
      const parsed = userEventSchema.safeParse(request.body);
      if (!parsed.success) {
        const issues = parsed.error.issues
          .map((issue) => `${issue.path.join(".") || "body"} ${issue.message}`)
          .join("; ");
        throw new HttpError(400, `Invalid user event: ${issues}.`);
      }
      const { event, eventType } = parsed.data;
      await context.db.transaction().execute(async (tx) => {
        await tx
          .insertInto("user_events")
          .values({
            id: randomUUID(),
            user_id: user.id,
            event,
            event_type: eventType,
            created_at: new Date().toISOString(),
          })
          .execute();
        if (
          event === versionUpdateModalClosedEvent.event &&
          eventType === versionUpdateModalClosedEvent.eventType
        ) {
          await tx
            .updateTable("users")
            .set({ has_version_update_modal: 0 })
            .where("id", "=", user.id)
            .execute();
        }
      });
      return reply.code(201).send({ event, eventType });
    },
  );
  return Promise.resolve();
}
