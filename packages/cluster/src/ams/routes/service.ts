import type { FastifyInstance } from "fastify";
import type { ServiceStatus } from "@anbox-dashboard/contract";
import { syncResponse } from "../envelope.ts";
import { apiExtensions } from "../api-extensions.ts";
import type { ClusterIdentity } from "../cluster-identity.ts";

/** `GET /1.0` and `GET /1.0/version`: open to everyone, as in AMS. */
export function registerServiceRoutes(app: FastifyInstance, identity: ClusterIdentity): void {
  const status = (): ServiceStatus => ({
    api_extensions: [...apiExtensions],
    api_status: "stable",
    api_version: "1.0",
    // The local socket is only reachable by its owner, so every caller on it is trusted.
    auth: "trusted",
    auth_methods: ["unix"],
    cluster_id: identity.id,
    cluster_name: identity.name,
    server_version: identity.version,
  });

  app.get("/1.0", () => syncResponse(status()));
  app.get("/1.0/", () => syncResponse(status()));
  app.get("/1.0/version", () => syncResponse({ version: identity.version }));
}
