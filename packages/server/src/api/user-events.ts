import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { userEventSchema, versionUpdateModalClosedEvent } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { requireSession } from "../auth/require-session.ts";
import { ApiError } from "../http/api-error.ts";

/**
 * `POST /api/user-events {event, eventType}`: remembers something the user did. Closing the
 * "Important update" modal also stops it from showing again, for this user on every browser.
 */
export function registerUserEventRoutes(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  const guard = requireSession(context.db, context.config.session);

  app.post("/api/user-events", { preHandler: guard }, async (request, reply) => {
    const user = request.user;
    if (!user) throw new ApiError(401, "You are not signed in.");
    const parsed = userEventSchema.safeParse(request.body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((issue) => `${issue.path.join(".") || "body"} ${issue.message}`)
        .join("; ");
      throw new ApiError(400, `Invalid user event: ${issues}.`);
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
  });
  return Promise.resolve();
}
