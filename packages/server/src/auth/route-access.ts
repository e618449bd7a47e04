import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { RouteActs } from "./route-acts.ts";

/**
 * Who may call a route, declared where the route is registered (`config: { access }`):
 * - `session` (the default: a route that says nothing needs a session): a live browser session;
 *   a state-changing call or a WebSocket handshake from another site is refused.
 * - `public`: anyone, no session (sign-in, registration, the SPA, the public stream page's calls);
 *   a state-changing call or a WebSocket handshake from another site is still refused.
 * - `token`: anyone holding the credential the URL itself carries, checked by the route (a stream's
 *   single-use join token); no cookie is involved, so a page of another site may use it too (a
 *   customer's app embedding a stream).
 * The session gate and the CSRF rule read this from the route that matched, never from the URL's
 * text: the router matches the decoded, normalised path, so a decision on the text could differ.
 */
export type RouteAccess = "session" | "public" | "token";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** What a route table lists: one row per method and path. */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  websocket: boolean;
  /** Declared `config: { idempotent: true }` (http/idempotent-routes.ts). */
  idempotent: boolean;
  /** What the route declares it acts on and does (route-acts.ts), if anything. */
  acts: RouteActs | undefined;
}

/** The access of the route that matched the request; `undefined` when none matched (a 404). */
export function matchedRouteAccess(request: FastifyRequest): RouteAccess | undefined {
  if (request.is404) return undefined;
  return request.routeOptions.config.access ?? "session";
}

/**
 * Marks every route registered in `scope` (and the scopes below it) with `access`: for routes a
 * plugin registers on its own (the static files), where no per-route option can be passed.
 */
export function markRoutes(scope: FastifyInstance, access: RouteAccess): void {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, access };
  });
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Starts recording the route table: every route registered from now on. Call it first, on the
 * root instance. The route-table test walks it, so a route added later is tested without anyone
 * remembering to.
 */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  routeTables.set(app, table);
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        // Read when the request comes, like the gate does: markRoutes' hook may run after this one.
        get access() {
          return route.config?.access ?? "session";
        },
        get idempotent() {
          return route.config?.idempotent === true;
        },
        get acts() {
          return route.config?.acts;
        },
        // @fastify/websocket's own hook (after this one) turns `wsHandler` into the handler.
        websocket: route.websocket === true || route.wsHandler !== undefined,
      });
    }
  });
}

/** The routes registered since `recordRouteTable(app)`, with their access. */
export function listRoutes(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? [];
}
