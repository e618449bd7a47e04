import { mkdirSync } from "node:fs";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ClusterContext } from "../../context.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { sendOperation } from "../../http/async-response.ts";
import { requireInstance } from "../../instances/find-instance.ts";
import { instanceRootfsDir } from "../../runtime/instance-paths.ts";
import { execEnvironment, execRequestSchema } from "../../exec/exec-request.ts";
import { ExecSession } from "../../exec/exec-session.ts";
import { ExecSessions, execOperationKind } from "../../exec/exec-sessions.ts";
import { checkSandbox } from "../../exec/sandbox.ts";

/** A shell can only run inside a device that is up. */
const execStatuses = new Set(["running", "started"]);

const websocketParamsSchema = z.object({
  id: z.uuid({ message: "is not an operation id (a UUID)" }),
});
const websocketQuerySchema = z.object({
  secret: z.string({ message: "is required: the fd's secret from the operation's metadata.fds" }),
});

/**
 * `POST /1.0/instances/{id_or_name}/exec` (and the deprecated `/1.0/containers/...` alias) starts
 * a confined command as an operation of class `websocket`; `GET /1.0/operations/{id}/websocket
 * ?secret=` connects one of its fds (the LXD exec protocol).
 */
export function registerInstanceExecRoutes(app: FastifyInstance, context: ClusterContext): void {
  const sessions = new ExecSessions(context);

  const startExec = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const instance = await requireInstance(context.db, request.params.id);
    const body = parseInput(execRequestSchema, request.body ?? {}, "exec request");
    if (!execStatuses.has(instance.status)) {
      throw new HttpError(
        400,
        `Instance ${instance.name} is ${instance.status}: the terminal works while it is running or started`,
      );
    }
    const sandbox = checkSandbox();
    if (!sandbox.available) throw new HttpError(503, `Exec is unavailable: ${sandbox.reason}`);

    const rootfs = instanceRootfsDir(context.options.dataDir, instance.id);
    mkdirSync(rootfs, { recursive: true });
    const interactive = body.interactive ?? false;
    const session = new ExecSession({
      instanceId: instance.id,
      width: body.width ?? 80,
      height: body.height ?? 24,
      sandbox: {
        rootfs,
        hostname: instance.name,
        command: body.command,
        environment: execEnvironment(body.environment, interactive),
        interactive,
      },
    });
    const payload = sessions.add(session);
    try {
      const operation = await context.operations.start({
        kind: execOperationKind,
        class: "websocket",
        description: "Executing command",
        resources: { instances: [`/1.0/instances/${instance.id}`] },
        payload,
        metadata: { fds: session.fds },
        mayCancel: true,
      });
      sessions.bind(operation.id, payload);
      return operation;
    } catch (error) {
      sessions.drop(payload);
      throw error;
    }
  };

  for (const prefix of ["/1.0/instances", "/1.0/containers"]) {
    app.post<{ Params: { id: string } }>(`${prefix}/:id/exec`, async (request, reply) =>
      sendOperation(reply, await startExec(request)),
    );
  }

  // Finds the session and the fd before the upgrade, so refusals are plain HTTP answers.
  const lookup = (request: FastifyRequest) => {
    const { id } = parseInput(websocketParamsSchema, request.params, "operation id");
    const { secret } = parseInput(websocketQuerySchema, request.query, "websocket parameters");
    const session = sessions.forOperation(id);
    if (!session) {
      throw new HttpError(404, `Operation ${id} has no websockets: it is not a running exec`);
    }
    const fd = session.fdForSecret(secret);
    if (fd === undefined) throw new HttpError(403, `Refused: wrong secret for operation ${id}`);
    if (!session.canAttach(fd)) {
      throw new HttpError(409, `fd ${fd} of operation ${id} is already connected`);
    }
    return { session, fd };
  };

  app.route({
    method: "GET",
    url: "/1.0/operations/:id/websocket",
    preValidation: (request, _reply, done) => {
      try {
        lookup(request);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    handler: () => {
      throw new HttpError(400, "This is a websocket: connect with a websocket client");
    },
    wsHandler: (socket, request) => {
      try {
        const { session, fd } = lookup(request);
        session.attach(fd, socket);
      } catch (error) {
        socket.close(1008, error instanceof Error ? error.message.slice(0, 120) : "Refused");
      }
    },
  });
}
