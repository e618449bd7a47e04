import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AmsEventType, AmsEventsToken } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseEventTypes } from "../../events/event-types.ts";
import { createEventsToken, verifyEventsToken } from "../../events/event-token.ts";
import { serveEventsSocket } from "../../events/events-socket.ts";
import { fieldsOf } from "@anbox-dashboard/http-kit";

/**
 * `GET /1.0/events[?type=...][&secret=<token>]` (websocket) and `POST /1.0/events/auth`.
 *
 * Who may listen: the API is served on a Unix socket of mode 0600 (like AMS's local socket), so a
 * caller that reached it is the cluster's owner and needs no token. A relay that serves browsers
 * (the dashboard server) passes the browser's `?secret=` on: when a secret is given it must be a
 * valid, unexpired token from `POST /1.0/events/auth`, else the upgrade is refused with 403.
 */
export function registerEventsRoutes(app: FastifyInstance, context: ClusterContext): void {
  app.post("/1.0/events/auth", () => {
    const body: AmsEventsToken = { token: createEventsToken(context.options.tokenSecret) };
    return syncResponse(body);
  });

  app.route({
    method: "GET",
    url: "/1.0/events",
    // Runs before the upgrade, so a refusal is a plain HTTP answer with an AMS error envelope.
    preValidation: (request, _reply, done) => {
      try {
        checkEventsRequest(request, context);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    handler: () => {
      throw new HttpError(400, "GET /1.0/events is a websocket: connect with a websocket client");
    },
    wsHandler: (socket, request) => {
      const { types } = checkEventsRequest(request, context);
      serveEventsSocket(socket, context.events, types);
    },
  });
}

function checkEventsRequest(
  request: FastifyRequest,
  context: ClusterContext,
): { types: ReadonlySet<AmsEventType> } {
  const query = fieldsOf(request.query);
  if (typeof query.type !== "undefined" && typeof query.type !== "string") {
    throw new HttpError(400, "Invalid event types: give type once, as a comma-separated list");
  }
  const parsed = parseEventTypes(query.type);
  if ("error" in parsed) throw new HttpError(400, parsed.error);
  if (query.secret !== undefined) {
    if (typeof query.secret !== "string" || query.secret === "") {
      throw new HttpError(403, "Refused: the secret parameter must be one token");
    }
    const check = verifyEventsToken(query.secret, context.options.tokenSecret);
    if (!check.valid) throw new HttpError(403, `Refused: ${check.reason}`);
  }
  return { types: parsed.types };
}
