import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { RelyingParty } from "./relying-party.ts";
import { LoginTransactionSealer } from "./login-transaction.ts";
import { registerLoginRoutes } from "./login-routes.ts";
import { registerLogoutRoute } from "./logout-route.ts";
import { registerSessionInfoRoutes } from "../api/info.ts";
import { dashboardVersion } from "../version.ts";

/**
 * Sign-in as the identity provider's relying party, logout, and the session's info. The access
 * rules every request meets are access-rules.ts.
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  const relyingParty = new RelyingParty(context.idp);
  const sealer = await LoginTransactionSealer.shared(context.db, context.config.dataDir);
  registerLoginRoutes(app, { context, relyingParty, sealer });
  registerLogoutRoute(app, context, relyingParty);
  registerSessionInfoRoutes(app, context, dashboardVersion);
}
