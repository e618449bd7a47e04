import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServiceStatus } from "@anbox-dashboard/contract";
import { syncResponse } from "../envelope.ts";
import { apiExtensions } from "../api-extensions.ts";
import { authHeader } from "../../access/tls-front.ts";
import type { ClusterContext } from "../../context.ts";

/** `GET /1.0` and `GET /1.0/version`: open to everyone, as in AMS. */
export function registerServiceRoutes(app: FastifyInstance, { options }: ClusterContext): void {
  const status = (request: FastifyRequest): ServiceStatus => ({
    api_extensions: [...apiExtensions],
    api_status: "stable",
    api_version: "1.0",
    // The TLS front says whether a TCP client presented a trusted certificate; a caller on the
    // local socket (mode 0600, its owner only) is trusted.
    auth: request.headers[authHeader] === "untrusted" ? "untrusted" : "trusted",
    auth_methods: options.httpsAddress ? ["unix", "2waySSL"] : ["unix"],
    cluster_id: options.name,
    cluster_name: options.name,
    server_version: options.version,
  });

  app.get("/1.0", (request) => syncResponse(status(request)));
  app.get("/1.0/", (request) => syncResponse(status(request)));
  app.get("/1.0/version", () => syncResponse({ version: options.version }));
}
