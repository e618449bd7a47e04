import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { registerClusterSocketRoute } from "./cluster-socket-route.ts";
import { registerWebsocketSupport } from "./websocket-support.ts";
import { relayBothWays } from "./two-way-relay.ts";
import { acts } from "../auth/route-acts.ts";
import { operationSocketPath as amsOperationSocketPath } from "../ams/sockets.ts";
import { requireClusterAtIndex } from "../clusters/cluster-at-index.ts";
import { textOf } from "@anbox-dashboard/http-kit";
import { readOperation } from "../ams/operations.ts";
import { operationTargetId } from "../ams/resource-paths.ts";
import { accessOf } from "../auth/access.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { clusterFailure } from "../clusters/cluster-call.ts";
import type { SocketOwner } from "./cluster-socket-route.ts";
import type { ResourceName } from "@anbox-dashboard/contract";
import { recordAudit } from "../store/audit-log.ts";
import { requestFacts, secondsSince, whoActed } from "../audit/request-facts.ts";

interface OperationSocketTarget {
  cluster: ClusterHandle;
  /** The cluster's path of the socket: `/1.0/operations/{id}/websocket?secret=...`. */
  path: string;
}

const operationIdPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** The relay path of one fd of an operation, as the exec call hands it to the browser. */
export function operationSocketPath(
  clusterIndex: number,
  operationId: string,
  secret: string,
): string {
  const query = new URLSearchParams({ secret });
  return `/ams/${String(clusterIndex)}/1.0/operations/${encodeURIComponent(operationId)}/websocket?${query.toString()}`;
}

/**
 * `GET /ams/{clusterIndex}/1.0/operations/{operationId}/websocket?secret=` (websocket): one fd of a
 * cluster's exec operation (the terminal, or its control socket), relayed both ways.
 *
 * Who may connect: the session gate and the CSRF rule run before the upgrade (401, 403). The
 * secret is required here and checked by the cluster, which issued it with the operation: the
 * cluster's Unix socket trusts its caller, so the relay must never connect without one. The
 * cluster's socket is opened before the browser's upgrade is accepted, so that the terminal's
 * first output (the prompt) is not lost; a secret the cluster refuses closes the browser's
 * socket with 4003, with the cluster's reason. The operation's instance is decided on
 * (`can_exec`) before the cluster's socket is opened: a secret alone, passed on or kept after
 * the right to it was taken away, opens nothing.
 */
export async function registerOperationSocketRelay(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await registerWebsocketSupport(app);
  registerClusterSocketRoute(app, context, {
    url: "/ams/:clusterIndex/1.0/operations/:operationId/websocket",
    acts: acts.onOneFoundIn("instance", "can_exec"),
    target: (request) => operationSocketTarget(request, context.clusters),
    owner: (request) => execOwner(request, context.clusters),
    upstream: { stream: "operation's websocket", secret: "Operation secret" },
    notPrepared: "The operation's websocket was not prepared",
    relay: relayBothWays,
    // A terminal has two sockets (its text and its control): the first to close ends it, and the
    // entry's id (the operation's) keeps the second, served here or by another process, out.
    closed: (owner, request) => {
      const who = whoActed(request);
      if (who === undefined) return;
      const openFor = secondsSince(owner.startedAt);
      void recordAudit(context.db, {
        id: `terminal-closed:${owner.clusterId}:${owner.operationId}`,
        action: "terminal-closed",
        outcome: "success",
        ...who,
        resource: owner.resource,
        cluster: owner.clusterId,
        ...owner.facts,
        detail: `operation ${owner.operationId}, open for ${String(openFor)} s`,
      }).catch((error: unknown) => {
        request.log.error({ err: error }, "The end of a terminal could not be recorded");
      });
    },
  });
}

/** Whose exec socket it is, and which terminal: what its end is recorded with. */
interface ExecOwner extends SocketOwner {
  resource: ResourceName;
  clusterId: string;
  operationId: string;
  /** When the cluster made the exec operation (the terminal's start). */
  startedAt: string;
  /** The upgrade request's address, browser and id, read while its socket is open. */
  facts: ReturnType<typeof requestFacts>;
}

/**
 * The socket's owner, once the user is found to hold `can_exec` on the instance the operation
 * names; an operation that names none (not an exec), or one they may not view, is not found.
 */
async function execOwner(
  request: FastifyRequest,
  clusters: readonly ClusterHandle[],
): Promise<ExecOwner> {
  const cluster = requireClusterAtIndex(request, clusters);
  const operationId = textOf(request.params, "operationId") ?? "";
  const notFound = `No operation ${operationId} on this cluster.`;
  let id: string | undefined;
  let startedAt: string;
  try {
    const operation = await readOperation(cluster, operationId);
    id = operationTargetId(operation, "instance");
    startedAt = operation.created_at;
  } catch (error) {
    const failure = clusterFailure(cluster, error);
    throw failure.statusCode === 404 ? new HttpError(404, notFound) : failure;
  }
  if (id === undefined) throw new HttpError(404, notFound);
  const resource = `instance:${cluster.id}/${id}` as const;
  accessOf(request).require("can_exec", resource, notFound);
  return {
    sessionId: signedInUser(request).sessionId,
    livesBy: { action: "can_exec", resource },
    resource,
    clusterId: cluster.id,
    operationId,
    startedAt,
    facts: requestFacts(request),
  };
}

function operationSocketTarget(
  request: FastifyRequest,
  clusters: readonly ClusterHandle[],
): OperationSocketTarget {
  const cluster = requireClusterAtIndex(request, clusters);
  const operationId = textOf(request.params, "operationId");
  if (operationId === undefined || !operationIdPattern.test(operationId)) {
    throw new HttpError(400, "The operation id is not one: it must be a UUID.");
  }
  const secret = textOf(request.query, "secret");
  if (secret === undefined) {
    throw new HttpError(
      400,
      "The operation's websocket needs its secret: pass ?secret= from the exec call's answer.",
    );
  }
  return { cluster, path: amsOperationSocketPath(operationId, secret) };
}
