import type { FastifyInstance } from "fastify";
import {
  instanceExecBodySchema,
  type AmsExecOperationMetadata,
  type AmsExecRequest,
  type AmsOperation,
  type InstanceExecResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { operationSocketPath } from "../../relays/operation-socket-relay.ts";
import { ApiError } from "../../http/api-error.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { callCluster } from "../../clusters/cluster-call.ts";
import { acceptFormBodies } from "../../input/form-bodies.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { parseInput } from "../../input/parse-input.ts";
import { acts } from "../../auth/route-acts.ts";

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
    scope.post<{ Params: { id: string } }>(
      "/api/instances/:id/exec",
      { config: { acts: acts.onResource("instance", "can_exec") } },
      async (request): Promise<InstanceExecResponse> => {
        const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
        const size = parseInput(instanceExecBodySchema, request.body, "terminal size");
        const exec: AmsExecRequest = {
          command: ["/bin/sh", "-l"],
          interactive: true,
          width: size.width,
          height: size.height,
          environment: { TERM: "xterm-256color" },
          "wait-for-websocket": true,
        };
        const { metadata: operation } = await callCluster(cluster, (signal) =>
          cluster.client.post<AmsOperation>(
            `/1.0/instances/${encodeURIComponent(request.params.id)}/exec`,
            exec,
            signal,
          ),
        );
        const { terminal, control } = execSecrets(cluster.id, operation);
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

/** The secrets of the terminal and control fds; a 502 when the cluster's answer lacks them. */
function execSecrets(
  clusterId: string,
  operation: AmsOperation,
): {
  terminal: string;
  control: string;
} {
  const { fds } = (operation.metadata ?? {}) as Partial<AmsExecOperationMetadata>;
  const terminal = fds?.["0"];
  const control = fds?.control;
  if (typeof terminal !== "string" || typeof control !== "string") {
    throw new ApiError(
      502,
      `Cluster "${clusterId}" answered the exec without the terminal's and control's secrets.`,
    );
  }
  return { terminal, control };
}
