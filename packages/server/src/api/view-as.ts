import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../server-context.ts";
import { setViewAs } from "../store/browser-sessions.ts";
import { findUserById } from "../store/users.ts";
import { noteAudit } from "../audit/audit-note.ts";
import { acts } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";

const viewAsBody = z.object({ identity: z.string({ message: "must be an identity's id" }) });

/**
 * `PUT /api/profile/view-as` (`{identity}`): an admin's browser session shows the dashboard as
 * that identity would see it, read-only (auth/view-as.ts), until `DELETE /api/profile/view-as`.
 * Both are decided as the signed-in admin, not as the identity viewed; both are audited.
 */
export function registerViewAsRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  app.put(
    "/api/profile/view-as",
    {
      schema: { body: viewAsBody.describe("view as") },
      config: { acts: acts.onServer("admin"), whileViewingAs: "as-signed-in-user" },
    },
    async (request, reply) => {
      const admin = signedInUser(request);
      const { identity } = request.body;
      noteAudit(request, { action: "view-as-started", resource: `identity:${identity}` });
      if (identity === admin.id) {
        throw new HttpError(400, "You see the dashboard as yourself already: pick someone else.");
      }
      const viewed = await findUserById(context.db, identity);
      if (viewed === undefined) throw new HttpError(404, `There is no identity:${identity}.`);
      await setViewAs(context.db, admin.sessionId, viewed.id);
      // Sockets opened as the admin follow the view from the session watch's next check.
      noteAudit(request, { detail: `viewing the dashboard as ${viewed.email}, read-only` });
      return reply.code(204).send();
    },
  );

  app.delete(
    "/api/profile/view-as",
    { config: { acts: acts.ownAccount, whileViewingAs: "as-signed-in-user" } },
    async (request, reply) => {
      const user = signedInUser(request);
      noteAudit(request, { action: "view-as-stopped" });
      if (user.viewAs !== undefined) {
        await setViewAs(context.db, user.sessionId, undefined);
        noteAudit(request, { resource: `identity:${user.viewAs.id}` });
      }
      return reply.code(204).send();
    },
  );
}
