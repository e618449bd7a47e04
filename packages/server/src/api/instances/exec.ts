import type { FastifyInstance } from "fastify";
import {
  instanceExecBodySchema,
  type AmsExecRequest,
  type InstanceExecResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { operationSocketPath } from "../../relays/operation-socket-relay.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { execInInstance } from "../../ams/instances.ts";
import { acceptFormBodies } from "../../input/form-bodies.ts";
import { clusterIdOf } from "../../input/query-values.ts";

import { acts } from "../../auth/route-acts.ts";
import { noteAudit } from "../../audit/audit-note.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { idParams } from "../../input/route-schemas.ts";

/**
 * `POST /api/instances/{id}/exec?clusterId=` with `{height, width}` (JSON or form data): a login
 * shell in the instance, in a terminal of that size. Answers the operation and the relay paths of
 * its two websockets: the terminal (fd "0") and the control socket (resizes, signals). The shell
 * starts once both are connected.
 */
export async function registerInstanceExecRoute(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  // A scope of its own, so that form bodies are taken by this route only.
  await app.register((scope, _options, done) => {
    acceptFormBodies(scope);
    scope.withTypeProvider<ZodSchemas>().post(
      "/api/instances/:id/exec",
      {
        schema: { params: idParams, body: instanceExecBodySchema.describe("terminal size") },
        config: { acts: acts.onResource("instance", "can_exec") },
      },
      async (request): Promise<InstanceExecResponse> => {
        const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
        const size = request.body;
        const exec: AmsExecRequest & { interactive: true } = {
          command: ["/bin/sh", "-l"],
          interactive: true,
          width: size.width,
          height: size.height,
          environment: { TERM: "xterm-256color" },
          "wait-for-websocket": true,
        };
        const { operation, terminal, control } = await execInInstance(
          cluster,
          request.params.id,
          exec,
        );
        noteAudit(request, { action: "terminal-opened", detail: `operation ${operation.id}` });
        const clusterIndex = context.clusters.indexOf(cluster);
        return {
          metadata: {
            operation: operation.id,
            clusterId: cluster.id,
            sockets: {
              terminal: operationSocketPath(clusterIndex, operation.id, terminal),
              control: operationSocketPath(clusterIndex, operation.id, control),
            },
          },
        };
      },
    );
    done();
  });
}
