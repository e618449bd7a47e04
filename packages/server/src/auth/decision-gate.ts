import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Decision } from "@anbox-dashboard/contract";
import { sendApiError } from "../http/api-error.ts";
import { refusal } from "./access.ts";
import { judgeRequest } from "./view-as.ts";
import type { GrantsSource } from "./grants.ts";
import { matchedRouteAccess } from "./route-access.ts";
import type { ClusterIds } from "./route-acts.ts";
import { signedInUser } from "./signed-in-user.ts";
import { textOf } from "@anbox-dashboard/http-kit";
import { noteAudit } from "../audit/audit-note.ts";

export interface DecisionGateOptions {
  clusters: () => ClusterIds;
  grantsOf: GrantsSource;
}

/**
 * Decides every session route from its declaration (`config: { acts }`, route-acts.ts), on the
 * route that matched, after the session gate and before the body is read (an upload refused costs
 * no byte of its file). It reads what the user holds once and leaves it on the request
 * (`accessOf`, access.ts) for the routes that decide item by item. A route that declares nothing
 * is refused: no one may call what does not say what it does. A refusal is a 403 naming what was
 * missing, or a 404 when the user may not even view the resource.
 */
export function registerDecisionGate(app: FastifyInstance, options: DecisionGateOptions): void {
  app.decorateRequest("access", null);
  app.decorateRequest("viewingAs", null);
  app.addHook("onRequest", async (request, reply) => {
    if (matchedRouteAccess(request) !== "session") return;
    const refused = await decideRoute(request, options);
    if (refused === undefined) return;
    // A 400 (a cluster named twice) is the request's fault, not a refusal of the permission check.
    if (refused.statusCode !== 400) noteAudit(request, { refused: true });
    await sendApiError(reply, refused.statusCode, refused.message);
    return reply;
  });
}

async function decideRoute(
  request: FastifyRequest,
  { clusters, grantsOf }: DecisionGateOptions,
): Promise<{ statusCode: number; message: string } | undefined> {
  const { config, method, url } = request.routeOptions;
  const acts = config.acts;
  if (acts === undefined) {
    const route = `${String(method)} ${url ?? request.url}`;
    return {
      statusCode: 403,
      message: `You may not do this: ${route} declares nothing it acts on.`,
    };
  }
  // A cluster named twice would be read as none (the first cluster, or all) here and refused by
  // the route with every cluster's name: it is refused first, naming none.
  if (Array.isArray((request.query as Record<string, unknown> | undefined)?.clusterId)) {
    return {
      statusCode: 400,
      message: "Name the cluster once: clusterId is given more than once.",
    };
  }
  const judged = await judgeRequest(request, signedInUser(request), grantsOf);
  if ("refused" in judged) return judged.refused;
  const { access } = judged;
  request.access = access;
  if (acts.on === "own-account" || acts.resource === "each item") return undefined;
  const byIndex = textOf(request.params, "clusterIndex");
  if (acts.resource === "found by the route") {
    const cluster = acts.cluster(request, clusters());
    if (cluster !== undefined) noteAudit(request, { cluster });
    if (access.holdsAnywhere(acts.action, cluster)) return undefined;
    // A cluster the user may not see is not named back: a socket's path names it by position.
    if (cluster !== undefined && !access.maySee(`cluster:${cluster}`)) {
      return { statusCode: 404, message: `There is no such ${acts.on}, or you may not view it.` };
    }
    const where = cluster === undefined ? "" : ` of cluster:${cluster}`;
    return {
      statusCode: 403,
      message: `You may not do this: needs ${acts.action} on ${article(acts.on)} ${acts.on}${where}.`,
    };
  }
  const resource = acts.resource(request, clusters());
  noteAudit(request, { resource });
  const decision: Decision = access.decide(acts.action, resource);
  if (decision.allowed) return undefined;
  if (decision.hidden && byIndex !== undefined) {
    return {
      statusCode: 404,
      message: `There is nothing at cluster index ${byIndex} that you may view.`,
    };
  }
  return refusal(decision, resource);
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}
