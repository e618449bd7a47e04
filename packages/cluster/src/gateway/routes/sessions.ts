import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { instancesPostSchema } from "@anbox-dashboard/contract";
import type { GatewayServices } from "../gateway-services.ts";
import { gatewaySync } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { parseListQuery } from "../../http/list-query.ts";
import { launchInstance } from "../../instances/create-instance.ts";
import { requireSession, listSessions } from "../session-store.ts";
import { toGatewaySession } from "../session-view.ts";
import { embeddedRegion, sessionIdOfTags } from "../session-row.ts";
import {
  sessionJoinSchema,
  sessionListFiltersSchema,
  sessionPostSchema,
  type SessionPost,
} from "../request-schemas.ts";
import { iceServersOf } from "../ice-servers.ts";
import { joinSession, signalingUrl } from "../join-session.ts";
import { terminateSession, terminateSessions } from "../session-termination.ts";

interface IdParams {
  Params: { id: string };
}

const deleteQuerySchema = z
  .object({
    sync: z.enum(["true", "false", "1", "0"], { message: "must be true or false" }).optional(),
    // Accepted and ignored: with no remote agent, nothing can be left behind.
    force: z.string().optional(),
  })
  .loose();

const sessionsDeleteSchema = z
  .object({
    ids: z
      .array(z.string({ message: "must be a string" }).min(1, "must not be empty"), {
        message: "must be a list of session ids",
      })
      .min(1, "must name at least one session")
      .max(1000, "at most 1000 sessions at once"),
  })
  .loose();

/** `/1.0/sessions`: list, create, get, delete (one or many), join (reference 3.2, 3.3). */
export function registerSessionRoutes(app: FastifyInstance, services: GatewayServices): void {
  const { context } = services;
  const { db } = context;
  const clusterName = context.options.name;

  app.get("/1.0/sessions", async (request) => {
    const page = parseListQuery(request.query);
    const filters = parseInput(sessionListFiltersSchema, request.query ?? {}, "list parameters");
    const { rows, total } = await listSessions(db, {
      statuses: filters.status ?? [],
      recursion: page.recursion,
      limit: page.limit,
      offset: page.offset,
      sortBy: filters.sort_by ?? "created_at",
      sortOrder: filters.sort_order ?? "asc",
    });
    return page.recursion
      ? gatewaySync(
          rows.map((row) => toGatewaySession(row, clusterName)),
          { totalSize: total },
        )
      : gatewaySync(
          rows.map((row) => row.id),
          { totalSize: total },
        );
  });

  // The SDK posts to `/1.0/sessions/` (reference 3.3).
  for (const url of ["/1.0/sessions", "/1.0/sessions/"]) {
    app.post(url, async (request, reply) => {
      const body = parseInput(sessionPostSchema, request.body ?? {}, "session");
      const region = body.region === undefined || body.region === "" ? embeddedRegion : body.region;
      if (region !== embeddedRegion) {
        throw new HttpError(
          400,
          `Unknown region "${region}": this gateway has one region, "${embeddedRegion}"`,
        );
      }
      // The same path as `POST /1.0/instances` with streaming enabled: the session comes with the
      // instance (its `session=<id>` tag), and the application's errors (404, 400) are AMS's.
      const instanceBody = parseInput(instancesPostSchema, instanceRequestOf(body), "session");
      const { row } = await launchInstance(context, instanceBody, {
        region,
        joinable: body.joinable ?? false,
        idleTimeMin: body.idle_time_min ?? 0,
        ephemeral: body.ephemeral ?? false,
      });
      const sessionId = sessionIdOfTags(JSON.parse(row.tags) as string[]);
      if (sessionId === undefined)
        throw new Error("a streaming instance was created without a session");
      const session = await requireSession(db, sessionId);
      // Signalling may start at once: the signaling socket waits for the instance to be running.
      const token = services.joinTokens.issue(session.id);
      return reply.code(201).send(
        gatewaySync(
          {
            id: session.id,
            status: session.status,
            region: session.region,
            joinable: session.joinable === 1,
            url: signalingUrl(session.id, token, services.publicOrigin),
            stun_servers: iceServersOf(services.context.options),
          },
          { statusCode: 201 },
        ),
      );
    });
  }

  app.get<IdParams>("/1.0/sessions/:id", async (request) => {
    const session = await requireSession(db, request.params.id);
    return gatewaySync(toGatewaySession(session, clusterName));
  });

  app.delete<IdParams>("/1.0/sessions/:id", async (request) => {
    const query = parseInput(deleteQuerySchema, request.query ?? {}, "delete parameters");
    await requireSession(db, request.params.id);
    await terminateSession(services, request.params.id, { wait: isTrue(query.sync) });
    const session = await requireSession(db, request.params.id);
    return gatewaySync(toGatewaySession(session, clusterName));
  });

  app.delete("/1.0/sessions", async (request, reply) => {
    const query = parseInput(deleteQuerySchema, request.query ?? {}, "delete parameters");
    const body = parseInput(sessionsDeleteSchema, bodyOf(request), "session delete");
    const result = await terminateSessions(services, body.ids, { wait: isTrue(query.sync) });
    const metadata = { deleted_sessions: result.deleted, errors: result.errors };
    if (result.errors.length === 0) return gatewaySync(metadata);
    // 207: some sessions ended, some did not; each failure says why (GW-OAS SessionsDeleteError).
    const failed = result.errors.length;
    return reply.code(207).send(
      gatewaySync(metadata, {
        statusCode: 207,
        error: `${failed} of ${new Set(body.ids).size} sessions could not be deleted`,
      }),
    );
  });

  app.post<IdParams>("/1.0/sessions/:id/join", async (request) => {
    const session = await requireSession(db, request.params.id);
    // The screen asked for is the session's, held either way (join-screen.ts), or refused.
    const body = parseInput(sessionJoinSchema, request.body ?? {}, "join request");
    return gatewaySync(joinSession(services, session, { screen: body.screen, role: body.role }));
  });

  // Extension session_viewers: who watches the session's stream now, in the order they joined.
  app.get<IdParams>("/1.0/sessions/:id/viewers", async (request) => {
    const session = await requireSession(db, request.params.id);
    return gatewaySync(services.streams.viewers(session.id));
  });

  // Extension session_viewers: cuts off one viewer (its view ended at the dashboard).
  app.delete<{ Params: { id: string; viewer: string } }>(
    "/1.0/sessions/:id/viewers/:viewer",
    async (request) => {
      const session = await requireSession(db, request.params.id);
      const cut = await services.streams.cut(
        session.id,
        request.params.viewer,
        "Your view of this stream ended",
      );
      if (!cut)
        throw new HttpError(404, `Session ${session.id} has no viewer ${request.params.viewer}`);
      return gatewaySync({});
    },
  );
}

function instanceRequestOf(body: SessionPost): Record<string, unknown> {
  // Only the screen fields given: the others keep the instance defaults (a field set to undefined
  // would hide the default it stands for).
  const display = Object.fromEntries(
    Object.entries({
      width: body.screen?.width,
      height: body.screen?.height,
      fps: body.screen?.fps,
      density: body.screen?.density,
    }).filter(([, value]) => value !== undefined),
  );
  return {
    app_id: body.app,
    ...(body.app_version === undefined ? {} : { app_version: body.app_version }),
    ...(body.extra_data === undefined || body.extra_data === null
      ? {}
      : { user_data: userDataOf(body.extra_data) }),
    config: { enable_streaming: true, display },
  };
}

/** `extra_data` reaches the instance as its user data: text as it is, anything else as JSON. */
function userDataOf(extraData: unknown): string {
  return typeof extraData === "string" ? extraData : JSON.stringify(extraData);
}

function isTrue(flag: string | undefined): boolean {
  return flag === "true" || flag === "1";
}

/** An absent body is an empty one. */
function bodyOf(request: FastifyRequest): unknown {
  return request.body ?? {};
}
