import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { registerCsrfProtection } from "./csrf.ts";
import { registerSessionGate } from "./session-gate.ts";
import { requireSession } from "./require-session.ts";
import { registerDecisionGate } from "./decision-gate.ts";
import { storedGrants } from "./grants.ts";
import { registerEntitlementsAnswer } from "./answer-entitlements.ts";

/**
 * The rules every request meets, decided on the route that matched (route-access.ts): cross-site
 * state changes and WebSocket handshakes refused (CSRF), then a session required unless the route
 * is declared otherwise, then what the route declares it does decided (decision-gate.ts); and
 * the routes that answer `?entitlements=1` answer it (answer-entitlements.ts).
 * Register before any route or scope.
 */
export function registerAccessRules(app: FastifyInstance, context: ServerContext): void {
  // CSRF first: a refused cross-site request costs no database lookup.
  registerCsrfProtection(app, context.publicUrl);
  registerSessionGate(app, requireSession(context.db, context.config.session));
  registerDecisionGate(app, {
    clusters: () => context.clusters,
    grantsOf: storedGrants(context.db),
  });
  registerEntitlementsAnswer(app);
}
