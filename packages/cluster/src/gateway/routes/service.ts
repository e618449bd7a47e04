import type { FastifyInstance } from "fastify";
import type { GatewayServices } from "../gateway-services.ts";
import { gatewaySync } from "../envelope.ts";
import { embeddedRegion } from "../session-row.ts";
import { checkRequestToken } from "../token-auth.ts";

/** `GET /1.0/status` (open: only `status` without a token), `/1.0/regions`, `/1.0/applications`. */
export function registerServiceRoutes(app: FastifyInstance, { context }: GatewayServices): void {
  app.get("/1.0/status", async (request) => {
    // The gateway answers only once it listens, with its database open: it is healthy.
    const status = "healthy";
    const check = await checkRequestToken(context.db, request);
    if (!check.valid) return gatewaySync({ status });
    // One agent (this process) and one database, whichever engine it is.
    return gatewaySync({ status, agents: 1, database_nodes: 1 });
  });

  app.get("/1.0/regions", () => gatewaySync([{ name: embeddedRegion }]));

  // The applications a session can be created for: ready, with a published version.
  app.get("/1.0/applications", async () => {
    const rows = await context.db
      .selectFrom("applications")
      .innerJoin("application_versions", "application_versions.application_id", "applications.id")
      .select("applications.name")
      .distinct()
      .where("applications.status", "=", "ready")
      .where("application_versions.published", "=", 1)
      .where("application_versions.status", "=", "active")
      .orderBy("applications.name")
      .execute();
    return gatewaySync(rows.map((row) => ({ name: row.name })));
  });
}
