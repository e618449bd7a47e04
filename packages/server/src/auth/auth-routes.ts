import type { FastifyInstance } from "fastify";
import type { AuthContext } from "./auth-context.ts";
import { registerCsrfProtection } from "./csrf.ts";
import { registerSessionGate } from "./session-gate.ts";
import { requireSession } from "./require-session.ts";
import { RelyingParty } from "./relying-party.ts";
import { LoginTransactionSealer } from "./login-transaction.ts";
import { registerLoginRoutes } from "./login-routes.ts";
import { registerLogoutRoute } from "./logout-route.ts";
import { registerSessionInfoRoutes } from "../api/info.ts";
import { dashboardVersion } from "../version.ts";

/**
 * Sign-in as the identity provider's relying party, logout, and the rules every request meets:
 * cross-site state changes refused (CSRF), and a session required under `/api/` and `/ams/`
 * except on the public calls. The hooks cover routes registered before and after this call.
 */
export function registerAuthRoutes(app: FastifyInstance, context: AuthContext): Promise<void> {
  const guard = requireSession(context.db, context.config.session);
  // CSRF first: a refused cross-site request costs no database lookup.
  registerCsrfProtection(app, context.publicUrl);
  registerSessionGate(app, guard);

  const relyingParty = new RelyingParty(context.idp);
  const sealer = LoginTransactionSealer.fromDataDir(context.config.dataDir);
  registerLoginRoutes(app, { context, relyingParty, sealer });
  registerLogoutRoute(app, context, relyingParty);
  registerSessionInfoRoutes(app, context, guard, dashboardVersion);
  return Promise.resolve();
}
