import type { FastifyInstance } from "fastify";

/** How long a browser may keep a preflight's answer (seconds). */
const preflightMaxAge = 600;

/**
 * Lets web pages on any origin call the gateway, as the public streaming SDK's own connector
 * (AnboxStreamGatewayConnector) does from the browser: it posts the join or the new session with
 * `Authorization: Macaroon root=<token>`, which takes a preflight, and reads the answer.
 *
 * Any origin, because the gateway's only credentials are ones a caller presents itself (a
 * service account's token, a single-use join token): nothing a browser sends on its own, no
 * cookie, so a page learns nothing and can do nothing it could not without the browser. Answers
 * never allow credentials.
 */
export function allowCrossOriginCalls(app: FastifyInstance): void {
  // Before the token check: a preflight carries no token, and is answered whatever the route.
  app.addHook("onRequest", async (request, reply) => {
    void reply.header("access-control-allow-origin", "*");
    if (
      request.method !== "OPTIONS" ||
      request.headers["access-control-request-method"] === undefined
    ) {
      return undefined;
    }
    // Returning the reply ends the request here: the hooks after this one do not run.
    return reply
      .code(204)
      .header("access-control-allow-methods", "GET, POST, PATCH, DELETE")
      .header("access-control-allow-headers", "Authorization, Content-Type, Accept")
      .header("access-control-max-age", String(preflightMaxAge))
      .send();
  });
}
