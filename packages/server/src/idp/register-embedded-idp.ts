import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { embeddedIdpPath } from "../auth/identity-provider.ts";
import { registerInteractionRoutes } from "./interaction-routes.ts";
import { loadOrCreateIdpKeys } from "./keys.ts";
import { createIdpProvider } from "./provider.ts";
import { readDashboardLook } from "./dashboard-look.ts";

/** Sign-in forms are small; anything bigger is not one. */
const formBodyLimit = 16 * 1024;

/**
 * The embedded OpenID provider (the provider's single sign-on), mounted at `/oidc` of the
 * dashboard's own server: oidc-provider answers every `/oidc/...` request, except the sign-in
 * form (`/oidc/interaction/...`), which Fastify serves.
 */
export async function registerEmbeddedIdp(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  // The pages take the web app's look as built; without a build they are plain (and logged).
  const { look, problem } = readDashboardLook(context.config.webDistDir);
  if (problem !== undefined) app.log.warn(`identity provider pages unstyled: ${problem}`);
  const provider = createIdpProvider(
    context,
    await loadOrCreateIdpKeys(context.db, context.config.dataDir),
    look,
  );
  provider.on("server_error", (_ctx, error) => {
    app.log.error(error, "embedded identity provider error");
  });
  const handle = provider.callback();
  const publicUrl = new URL(context.publicUrl);
  const publicPath = publicUrl.pathname.replace(/\/$/, "");

  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const raw = request.raw;
    const url = raw.url ?? embeddedIdpPath;
    const rest = url.slice(embeddedIdpPath.length);
    // The provider routes on the path below its mount point, and finds the mount point (for the
    // URLs it builds) as the part of `originalUrl` before that path, like under Express.
    raw.url = rest.startsWith("/") ? rest : `/${rest}`;
    Object.assign(raw, { originalUrl: `${publicPath}${url}` });
    // Its URLs and cookie flags follow the public address, whatever Host the client sent.
    raw.headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
    raw.headers["x-forwarded-host"] = publicUrl.host;
    raw.headers["x-forwarded-for"] = request.ip;
    reply.hijack();
    await handle(raw, reply.raw);
  }

  await app.register((scope, _options, done) => {
    // oidc-provider reads request bodies itself: keep Fastify's parsers away from them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, parsed) => {
      parsed(null);
    });
    scope.all(`${embeddedIdpPath}/*`, { config: { access: "public" } }, handOver);
    done();
  });

  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: formBodyLimit },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    registerInteractionRoutes(scope, context, provider, look);
    done();
  });
}
