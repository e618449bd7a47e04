import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fastifyHelmet from "@fastify/helmet";
import type { ServerContext } from "../server-context.ts";
import { embeddedIdpPath } from "../auth/identity-provider.ts";
import { dashboardDirectives, idpPageDirectives } from "./content-security-policies.ts";
import { permissionsPolicy } from "./permissions-policy.ts";

const oneYearInSeconds = 365 * 24 * 60 * 60;

/**
 * `/stream/{token}`: the public stream page. A client route of the single-page app, so no server
 * route matches it (the SPA's fallback serves it): its path is all there is to go by. Exactly one
 * segment after `/stream/`, which the app's router always gives to the stream page; and what
 * this decides is only which of the operator's own allowed sites may frame the page.
 */
const streamPagePath = /^\/stream\/[^/]+$/;

function isStreamPage(request: IncomingMessage): boolean {
  const [path = ""] = (request.url ?? "").split("?");
  return streamPagePath.test(path);
}

/**
 * Security headers on every answer of the dashboard's server (the app, the API, static files,
 * the embedded identity provider, errors and 404s), with @fastify/helmet: a Content Security
 * Policy, `nosniff`, `Referrer-Policy: same-origin` (share and registration links carry tokens in
 * their path or query; nothing of them leaves for another site), Cross-Origin-Opener and -Resource
 * policies `same-origin`, `X-Frame-Options: DENY`, and HSTS when the public address is https.
 * Helmet sets them on the raw response when the request arrives, so that the answers written
 * past Fastify (the identity provider's, see register-embedded-idp.ts) carry them too.
 *
 * The public stream page may be framed by the origins of STREAM_EMBED_ORIGINS, and only it.
 * Register before any route: the identity provider's routes get their own policy as they are added.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  const publicUrl = new URL(context.publicUrl);
  const secure = publicUrl.protocol === "https:";
  const embedOrigins = context.config.streamEmbedOrigins;
  const embeddable = (request: IncomingMessage): boolean =>
    embedOrigins.length > 0 && isStreamPage(request);

  // Decided on the route as registered (its path under the provider's mount point), not on the
  // request's URL. Added before helmet's own onRoute hook, which reads `route.helmet`.
  const idpPolicy = { useDefaults: false, directives: idpPageDirectives(publicUrl) } as const;
  app.addHook("onRoute", (route) => {
    if (route.url === embeddedIdpPath || route.url.startsWith(`${embeddedIdpPath}/`)) {
      route.helmet = { contentSecurityPolicy: idpPolicy };
    }
  });

  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: dashboardDirectives(publicUrl, (request) =>
        embeddable(request) ? embedOrigins.join(" ") : "'none'",
      ),
    },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "same-origin" },
    // Browsers ignore HSTS over plain http; behind a proxy that ends TLS, the public address says.
    strictTransportSecurity: secure ? { maxAge: oneYearInSeconds, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });

  app.addHook("onRequest", (request, reply, done) => {
    // Helmet has no Permissions-Policy: set like its headers, on the raw response.
    reply.raw.setHeader("permissions-policy", permissionsPolicy);
    // X-Frame-Options cannot name origins; browsers that know frame-ancestors ignore it anyway.
    if (embeddable(request.raw)) reply.raw.removeHeader("x-frame-options");
    done();
  });
}
