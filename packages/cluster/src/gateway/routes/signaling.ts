import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { GatewayServices } from "../gateway-services.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { requireSession } from "../session-store.ts";
import { sessionEndedCloseCode, streamFullCloseCode } from "../session-streams.ts";
import type { JoiningViewer } from "../join-tokens.ts";
import { isExpired } from "../share-store.ts";
import { readStoredConfig } from "../../instances/instance-record.ts";
import { instanceLogsDir } from "../../runtime/instance-paths.ts";
import type { StreamScreenSpec } from "../signaling.ts";

interface SignalingRequest {
  Params: { id: string };
  Querystring: { token?: unknown };
}

interface Admission {
  sessionId: string;
  viewer: JoiningViewer;
}

/** How long a viewer that connected while the instance still boots may wait for it to run. */
const activationTimeoutMs = 120_000;

/**
 * `GET /1.0/session/{id}/sockets/master?token=` (note the singular `session`): the signaling
 * websocket. Its join token (from a join) is the credential, so no service-account token is
 * asked: the token is used up and checked before the upgrade, and a missing one is refused with
 * 401, a used, expired or foreign one with 403. The socket then goes to the media side with the
 * instance's screen; a second viewer takes over from the first.
 */
export function registerSignalingRoutes(app: FastifyInstance, services: GatewayServices): void {
  const { context, joinTokens, tracker, streams } = services;
  const admissions = new WeakMap<FastifyRequest, Admission>();

  app.route<SignalingRequest>({
    method: "GET",
    url: signalingRoute,
    preValidation: async (request) => {
      const session = await requireSession(context.db, request.params.id);
      const token = request.query.token;
      const use = joinTokens.consume(typeof token === "string" ? token : undefined, session.id);
      if (!use.valid) throw new HttpError(use.status, use.reason);
      admissions.set(request, { sessionId: session.id, viewer: use });
    },
    handler: () => {
      throw new HttpError(
        400,
        "This is the signaling websocket: connect to it with a websocket client",
      );
    },
    wsHandler: (socket: WebSocket, request) => {
      // Held until the media side listens: the client speaks first ("discover") and must not
      // be missed while the instance boots.
      socket.pause();
      const admission = admissions.get(request);
      admissions.delete(request);
      if (!admission) {
        closeNow(socket, 1011, "The connection was not admitted");
        return;
      }
      void serve(socket, admission).catch((error: unknown) => {
        closeNow(socket, 1011, `The stream could not start: ${messageOf(error)}`);
      });
    },
  });

  async function serve(socket: WebSocket, { sessionId, viewer }: Admission): Promise<void> {
    const { shareId } = viewer;
    const giveUp = new AbortController();
    socket.once("close", () => {
      giveUp.abort();
    });
    const active = await tracker.waitUntilActive(sessionId, activationTimeoutMs, giveUp.signal);
    if (!active) {
      const session = await requireSession(context.db, sessionId).catch(() => undefined);
      closeNow(
        socket,
        sessionEndedCloseCode,
        `The session is ${session?.status ?? "gone"}: its stream cannot start`,
      );
      return;
    }
    const screen = await screenOf(sessionId);
    if (!screen) {
      closeNow(socket, sessionEndedCloseCode, "The session's instance is gone");
      return;
    }
    const attached = await streams.attach(sessionId, socket, screen, {
      shareId,
      viewerId: viewer.viewerId,
      wants: viewer.wants,
      watchOnly: viewer.watchOnly,
      stillLive: async () => {
        const session = await requireSession(context.db, sessionId).catch(() => undefined);
        if (session?.status !== "active") return false;
        if (shareId === undefined) return true;
        const share = await context.db
          .selectFrom("gateway_shares")
          .select("expiry_at")
          .where("id", "=", shareId)
          .executeTakeFirst();
        return share !== undefined && !isExpired(share);
      },
    });
    if (attached === "attached") {
      // The media side listens now: let the client's frames in.
      socket.resume();
      // Kept in the database: a session that is not joinable takes no other client, even after
      // the cluster restarts.
      await context.db
        .updateTable("gateway_sessions")
        .set({ has_had_client: 1 })
        .where("id", "=", sessionId)
        .execute();
    } else if (attached === "session-ended") {
      closeNow(socket, sessionEndedCloseCode, "The session has ended");
    } else if (attached === "full") {
      closeNow(socket, streamFullCloseCode, "The stream has all the viewers it takes");
    }
  }

  /** What the media side streams: the instance's display, name and source. */
  async function screenOf(sessionId: string): Promise<StreamScreenSpec | undefined> {
    const instance = await context.db
      .selectFrom("gateway_sessions")
      .innerJoin("instances", "instances.id", "gateway_sessions.instance_id")
      .select([
        "instances.id",
        "instances.name",
        "instances.app_name",
        "instances.image_name",
        "instances.config",
      ])
      .where("gateway_sessions.id", "=", sessionId)
      .executeTakeFirst();
    if (!instance) return undefined;
    const { display } = readStoredConfig(instance);
    return {
      instanceId: instance.id,
      instanceName: instance.name,
      source: instance.app_name !== "" ? instance.app_name : `${instance.image_name} (image)`,
      width: display.width,
      height: display.height,
      fps: display.fps,
      density: display.density,
      logsDir: instanceLogsDir(context.options.dataDir, instance.id),
    };
  }
}

export const signalingRoute = "/1.0/session/:id/sockets/master";

/** Closes a socket that is paused (its close handshake needs it to read again). */
function closeNow(socket: WebSocket, code: number, reason: string): void {
  socket.resume();
  // A close reason is at most 123 bytes.
  socket.close(code, Buffer.from(reason).subarray(0, 123).toString());
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
