import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { sendApiError } from "../http/api-error.ts";
import { markRoutes } from "../auth/route-access.ts";

/** Paths the SPA never owns: an unknown one is a 404 of its own kind, never `index.html`. */
const serverPathPrefixes = ["/api/", "/ams/", "/gateway/"];

/**
 * Serves the built single-page app. Any other GET that accepts HTML gets `index.html`, so that a
 * deep link to a client route loads the app, which then routes by itself.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = join(webDistDir, "index.html");
  const built = existsSync(indexPath);
  // The app's files are public (the login page is one of its routes); in a scope of their own so
  // that only the static plugin's routes are marked so. The not-found handler sends index.html
  // with the plugin's `sendFile`, which exists in this scope only.
  await app.register(async (scope) => {
    markRoutes(scope, "public");
    if (built) {
      await scope.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        // The build writes a brotli and a gzip copy of each text file (compressed-copies-plugin.ts
        // in packages/web): the smaller one the browser accepts is sent, with Content-Encoding
        // and Vary: Accept-Encoding; index.html too, through sendFile.
        preCompressed: true,
        // Hashed asset names change with their content: cache them for good. index.html never.
        setHeaders: (reply, path) => {
          const immutable = path.startsWith(join(webDistDir, "assets"));
          void reply.header(
            "cache-control",
            immutable ? "public, max-age=31536000, immutable" : "no-cache",
          );
        },
      });
    }
    setSpaFallback(scope, built, indexPath);
  });
}

function setSpaFallback(app: FastifyInstance, built: boolean, indexPath: string): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (serverPathPrefixes.some((prefix) => path.startsWith(prefix)) || path === "/api") {
      return sendApiError(reply, 404, `No such API endpoint: ${request.method} ${path}`);
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return sendApiError(reply, 404, `Nothing here: ${request.method} ${path}`);
    }
    if (path.startsWith("/assets/")) {
      return reply.code(404).type("text/plain").send(`No such asset: ${path}`);
    }
    if (!built) {
      return reply
        .code(503)
        .type("text/plain")
        .send(`The web app is not built (${indexPath} is missing): run \`make build\`.`);
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
