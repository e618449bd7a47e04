import { dirname, isAbsolute, relative } from "node:path";
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import { apiRefusals, sendApiError } from "./http/api-error.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { registerAuthInfoRoutes } from "./api/auth-info.ts";
import { registerClusterRoutes } from "./api/clusters.ts";
import { registerRegistrationRoutes } from "./api/registration.ts";
import { registerProfileRoutes } from "./api/profile.ts";
import { registerPermissionsApi } from "./api/auth/register-permissions-api.ts";
import { registerOnboardingRoutes } from "./api/onboarding.ts";
import { registerUserEventRoutes } from "./api/user-events.ts";
import { registerEventsAuthRoutes } from "./api/events-auth.ts";
import { registerOperationsRoutes } from "./api/operations.ts";
import { registerAuditRoutes } from "./api/audit.ts";
import { registerQuotaRoutes } from "./api/quotas.ts";
import { registerInstancesApi } from "./api/instances/instances-api.ts";
import { registerApplicationsApi } from "./api/applications/applications-api.ts";
import { registerImagesRoutes } from "./api/images.ts";
import { registerNodesRoutes } from "./api/nodes.ts";
import { registerConfigRoutes } from "./api/config.ts";
import { registerRegistryRoutes } from "./api/registry.ts";
import { registerPublicStreamRoutes } from "./api/public-streams.ts";
import { registerSessionRoutes } from "./api/sessions.ts";
import { registerSignalingRelay } from "./relays/signaling-relay.ts";
import { registerEventsRelay } from "./relays/events-relay.ts";
import { registerWebsocketSupport } from "./relays/websocket-support.ts";
import { registerOperationSocketRelay } from "./relays/operation-socket-relay.ts";
import { registerAuthRoutes } from "./auth/auth-routes.ts";
import { registerEmbeddedIdp } from "./idp/register-embedded-idp.ts";
import { registerAccessRules } from "./auth/access-rules.ts";
import { registerRequestAudit } from "./audit/request-audit.ts";
import { recordRouteTable } from "./auth/route-access.ts";
import { canonicalUrl } from "./auth/canonical-url.ts";
import type { ServerContext } from "./server-context.ts";
import type { ServerLoggerOptions } from "./logging/server-logger.ts";
import { registerSpa } from "./static/spa.ts";
import { compressJsonAnswers } from "./http/compressed-json.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerIdempotentRoutes } from "./http/idempotent-routes.ts";
import {
  clientErrorsAnswered,
  frameworkErrorsAnswered,
  refuseNulCharacters,
  useJsonBodyParser,
} from "@anbox-dashboard/http-kit";
import { AmsClientError } from "./clusters/ams-client.ts";
import { useZodSchemas } from "@anbox-dashboard/http-kit";
import { parseInput } from "./input/parse-input.ts";

/**
 * How the register command must name the data directory: not at all for the default; relative to
 * the repository (where the command runs) when inside it; else in full.
 */
function commandDataDir(dataDir: string, defaultDataDir: string): string | undefined {
  if (dataDir === defaultDataDir) return undefined;
  const inRepository = relative(dirname(defaultDataDir), dataDir);
  return inRepository.startsWith("..") || isAbsolute(inRepository) ? dataDir : inRepository;
}

export interface AppDependencies {
  context: ServerContext;
  /** Fastify's logger (`serverLoggerOptions`); none when absent, as in tests. */
  logger?: ServerLoggerOptions | false;
}

/** The dashboard's HTTP server: every `/api/...` call, sign-in, the embedded IdP, the events, exec and signaling relays and the SPA. */
export async function buildApp({ context, logger }: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = context;
  const app = Fastify({
    logger: logger ?? false,
    // Unique across processes and restarts: the audit trail and a user quoting X-Request-Id
    // name one request.
    genReqId: () => randomUUID(),
    // Without TRUST_PROXY, the client is the socket's peer and X-Forwarded-For is not believed.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Every spelling of a path reaches the route it names (or none): `/API/x`, `/api//x`, `/api/x/`
    // and `/y/../api/x` are `/api/x`, and the access rules, decided on the matched route, hold
    // for all of them. Percent-encoding is decoded by the router itself.
    rewriteUrl: (request) => canonicalUrl(request.url ?? "/"),
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      caseSensitive: false,
    },
    // Refusals before any route runs, in the API's `{status, error, message}` too.
    frameworkErrors: frameworkErrorsAnswered(apiRefusals),
    clientErrorHandler: clientErrorsAnswered(apiRefusals),
  });
  recordRouteTable(app); // first: every route is listed, with its access
  // A route's `schema: { params, querystring, body }` is the contract's zod, read as parseInput does.
  useZodSchemas(app, parseInput);
  // Before any scope, so that every route inherits them.
  useJsonBodyParser(app, apiRefusals);
  refuseNulCharacters(app, apiRefusals);
  app.decorateRequest("user", null);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, context); // before every route: see its comment
  await registerWebsocketSupport(app); // before the access rules: see its comment
  // Before the access rules: their refusals carry X-Request-Id and are recorded too.
  registerRequestAudit(app, db, { record: config.auditRecording });
  // Before any route or scope: a scope registered earlier would not inherit these hooks.
  registerAccessRules(app, context);
  // After the access rules (it needs the user), before compression (it keeps answers as sent).
  registerIdempotentRoutes(app, db);
  compressJsonAnswers(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError || error instanceof AmsClientError) {
      // A cluster that failed or cannot be reached (502, 503, 504) is worth a line with its cause,
      // a warning without a stack: a cluster down answers every call so until it is back, and
      // its stack says nothing the message does not. An error of our own (500) keeps its stack.
      if (error.statusCode > 500) {
        request.log.warn({ statusCode: error.statusCode }, error.message);
      } else if (error.statusCode === 500) {
        request.log.error(error);
      }
      return sendApiError(reply, error.statusCode, error.message);
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return sendApiError(
        reply,
        statusCode,
        error instanceof Error ? error.message : "Bad request",
      );
    }
    request.log.error(error);
    return sendApiError(reply, 500, "The server failed to handle this request.");
  });

  registerAuthInfoRoutes(
    app,
    db,
    config.variant,
    context.idp.isExternal,
    commandDataDir(config.dataDir, config.defaultDataDir),
  );
  registerClusterRoutes(app, () => context.clusters);
  if (!context.idp.isExternal) await registerEmbeddedIdp(app, context);
  await registerAuthRoutes(app, context);
  await registerRegistrationRoutes(app, context);
  await registerProfileRoutes(app, context);
  registerPermissionsApi(app, context);
  await registerOnboardingRoutes(app, context);
  await registerUserEventRoutes(app, context);
  registerEventsAuthRoutes(app, context);
  registerOperationsRoutes(app, context);
  registerAuditRoutes(app, context);
  registerQuotaRoutes(app, context);
  await registerInstancesApi(app, context);
  await registerApplicationsApi(app, context);
  await registerImagesRoutes(app, context);
  registerNodesRoutes(app, context);
  registerConfigRoutes(app, context);
  registerRegistryRoutes(app, context);
  registerSessionRoutes(app, context);
  registerPublicStreamRoutes(app, context);
  await registerEventsRelay(app, context);
  await registerOperationSocketRelay(app, context);
  registerSignalingRelay(app, context);
  await registerSpa(app, config.webDistDir);
  return app;
}
