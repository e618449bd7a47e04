import type { FastifyInstance } from "fastify";
import type { ServiceStatus } from "@anbox-dashboard/contract";
import { syncResponse } from "../envelope.ts";
import { apiExtensions } from "../api-extensions.ts";
import type { ClusterContext } from "../../context.ts";

/** `GET /1.0` and `GET /1.0/version`: open to everyone, as in AMS. */
export function registerServiceRoutes(app: FastifyInstance, { options }: ClusterContext): void {
  const status = (): ServiceStatus => ({
    api_extensions: [...apiExtensions],
    api_status: "stable",
    api_version: "1.0",
    // The local socket is only reachable by its owner, so every caller on it is trusted.
    auth: "trusted",
    auth_methods: ["unix"],
    cluster_id: options.name,
    cluster_name: options.name,
    server_version: options.version,
  });

  app.get("/1.0", () => syncResponse(status()));
  app.get("/1.0/", () => syncResponse(status()));
  app.get("/1.0/version", () => syncResponse({ version: options.version }));
}
