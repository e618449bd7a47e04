import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendApiError } from "../http/api-error.ts";
import { decide, type Decision } from "./decide.ts";
import type { GrantsSource } from "./grants.ts";
import { matchedRouteAccess } from "./route-access.ts";
import type { ClusterIds } from "./route-acts.ts";
import { signedInUser } from "./signed-in-user.ts";

export interface DecisionGateOptions {
  clusters: () => ClusterIds;
  grantsOf: GrantsSource;
}

/**
 * Decides every session route from its declaration (`config: { acts }`, route-acts.ts), on the
 * route that matched, after the session gate and before the body is read (an upload refused costs
 * no byte of its file). A route that declares nothing is refused: no one may call what does not
 * say what it does. A refusal is a 403 naming what was missing.
 */
export function registerDecisionGate(app: FastifyInstance, options: DecisionGateOptions): void {
  app.addHook("onRequest", async (request, reply) => {
    if (matchedRouteAccess(request) !== "session") return;
    const decision = await decideRoute(request, options);
    if (decision.allowed) return;
    await sendApiError(reply, 403, `You may not do this: ${decision.missing}.`);
    return reply;
  });
}

async function decideRoute(
  request: FastifyRequest,
  { clusters, grantsOf }: DecisionGateOptions,
): Promise<Decision> {
  const { config, method, url } = request.routeOptions;
  const acts = config.acts;
  if (acts === undefined) {
    const route = `${String(method)} ${url ?? request.url}`;
    return { allowed: false, missing: `${route} declares nothing it acts on` };
  }
  if (acts.on === "own-account") return { allowed: true };
  // A list or a bulk call: until its route decides item by item, only the whole server allows it.
  const resource = acts.resource === "each item" ? "server" : acts.resource(request, clusters());
  return decide(await grantsOf(signedInUser(request)), acts.action, resource);
}
