// Every route the server registers, walked from its own route table: each protected one answers
// 401 signed out under its plain path and under every other spelling that reaches it (encoded,
// doubled slashes, dot segments, a trailing slash, other letter case), and each state-changing or
// WebSocket one answers 403 from another site. A route added later is walked without anyone
// remembering to; a route added as public fails here until it is listed below with its reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { readdirSync } from "node:fs";
import WebSocket from "ws";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";
import { readConfig } from "../src/config.ts";
import { startDashboard, type RunningDashboard } from "../src/main.ts";
import { listRoutes, type RouteEntry } from "../src/auth/route-access.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";

/** The routes that need no session, each with why. Anything else public is a mistake. */
const declaredPublic: Record<string, string> = {
  "GET /api/auth-info": "the login page asks whether anyone can sign in yet",
  "GET /api/login": "starts a sign-in",
  "GET /api/oidc/callback": "finishes a sign-in",
  "GET /api/registration": "the registration page reads its link's state",
  "POST /api/registration": "registration is how a first account comes to exist",
  "GET /api/public/streams/:token": "a share link's page: the token is the key",
  "POST /api/public/streams/:token/join": "a share link's page joins its stream",
  "POST /api/public/streams/:token/watching":
    "a share link's page keeps its view (the link and the view its join answered are the key)",
  "POST /api/public/streams/:token/left": "a share link's page leaves its view (the same key)",
  "GET /logout": "ends whatever session the cookie names, if any",
  "GET /oidc/interaction/:uid": "the embedded identity provider's sign-in form",
  "POST /oidc/interaction/:uid/login": "the embedded identity provider's sign-in form",
  "* /oidc/*": "the embedded identity provider's own endpoints, every method",
  "GET /gateway/:clusterIndex/1.0/session/:sessionId/sockets/master":
    "a stream's signaling: its single-use join token is the key (token access)",
};

/**
 * The signed-in POST routes that make nothing a second send would make twice, each with why.
 * Every other one must be declared idempotent (http/idempotent-routes.ts).
 */
const notIdempotent: Record<string, string> = {
  "POST /api/events/auth":
    "hands out a short-lived token for the events socket; a second is harmless",
  "POST /api/user-events":
    "records that the user saw something; recording it twice changes nothing",
  "POST /api/sessions/:sessionId/join":
    "a join token is single-use: a replay must not hand it out again",
  "POST /api/instances/:id/exec":
    "opens a terminal's shell for the socket that follows, one per socket",
  "POST /api/sessions/:sessionId/left":
    "a beacon (it carries no header) that changes nothing but the audit trail; the page sends it once",
  "POST /api/sessions/:sessionId/watching":
    "says the stream page still plays: sent twice, the view's time is pushed forward twice",
};

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let environment: TestEnvironment;
let dashboard: RunningDashboard;
let db: Database;
let routes: readonly RouteEntry[];
let staticFiles: Set<string>;

beforeAll(async () => {
  environment = await prepareTestEnvironment("route-table");
  const config = readConfig(
    {
      DATA_DIR: environment.dataDir,
      PORT: "0",
      WEB_DIST_DIR: environment.webDistDir,
      DATABASE_URL: environment.databaseUrl,
    },
    "/nonexistent-repository-root",
  );
  dashboard = await startDashboard(config);
  db = await openDatabase({ dataDir: environment.dataDir, databaseUrl: environment.databaseUrl });
  routes = listRoutes(dashboard.app);
  staticFiles = new Set(readdirSync(environment.webDistDir).map((name) => `/${name}`));
});

afterAll(async () => {
  await db.destroy();
  await dashboard.stop();
  await environment.cleanup();
});

/**
 * How a route is declared above: a HEAD route is Fastify's copy of a GET, declared with its GET;
 * the identity provider's catch-all takes every method.
 */
function declaration(route: RouteEntry): string {
  if (route.url === "/oidc/*") return "* /oidc/*";
  return `${route.method === "HEAD" ? "GET" : route.method} ${route.url}`;
}

function declarations(selected: readonly RouteEntry[]): string[] {
  return [...new Set(selected.map(declaration))];
}

/** A path that the route matches: parameters filled in. */
function concretePath(url: string): string {
  return url
    .replace(/:clusterIndex/g, "0")
    .replace(/:[A-Za-z]+/g, "x1")
    .replace(/\*$/, "x1");
}

/** Other spellings of a path that the router must send to the same route. */
function variants(path: string): Record<string, string> {
  const [first = "", ...rest] = path.slice(1).split("/");
  const tail = rest.length > 0 ? `/${rest.join("/")}` : "";
  const encodeAll = (text: string) =>
    Array.from({ length: text.length }, (_, i) => `%${text.charCodeAt(i).toString(16)}`).join("");
  const firstEncoded = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return {
    plain: path,
    "first letter encoded": `/${firstEncoded}${tail}`,
    "first segment encoded": `/${encodeAll(first)}${tail}`,
    "upper-case hex": `/${firstEncoded.toUpperCase()}${tail}`,
    "double slash first": `//${first}${tail}`,
    "double slash inside": `/${first}/${tail}`,
    "dot segment": `/${first}/.${tail}`,
    "dot-dot segment": `/elsewhere/../${first}${tail}`,
    "encoded dot-dot": `/elsewhere/%2e%2E/${first}${tail}`,
    "trailing slash": `${path}/`,
    "mixed case": `/${first.toUpperCase()}${tail}`,
  };
}

interface Answer {
  status: number;
  body: string;
}

/** Sends the path as it is (fetch would normalise it first). */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(dashboard.url);
  const hasBody = stateChanging.has(method);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        hostname,
        port,
        method,
        path,
        agent: false,
        // Node sends a DELETE's body without a length unless told it.
        headers: {
          ...(hasBody ? { "content-type": "application/json", "content-length": "2" } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(hasBody ? "{}" : undefined);
  });
}

const crossSite = { "sec-fetch-site": "cross-site", origin: "https://attacker.example" };

describe("the route table", () => {
  it("lists every route, and public ones only where declared with a reason", () => {
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = declarations(routes.filter((route) => route.access !== "session"))
      .filter((key) => declaredPublic[key] === undefined)
      .filter((key) => !staticFiles.has(key.replace(/^(GET|HEAD) /, "")));
    expect(undeclared).toEqual([]);
    // And the list above stays true: each declared route exists and is not protected.
    const registered = new Set(declarations(routes.filter((route) => route.access !== "session")));
    expect(Object.keys(declaredPublic).filter((key) => !registered.has(key))).toEqual([]);
  });

  it("declares every signed-in POST route idempotent, unless listed with a reason", () => {
    const posts = routes.filter((route) => route.method === "POST" && route.access === "session");
    const undeclared = posts
      .filter((route) => !route.idempotent)
      .map((route) => `POST ${route.url}`)
      .filter((key) => notIdempotent[key] === undefined);
    expect(undeclared).toEqual([]);
    // And the list stays true: each listed route exists and is not idempotent.
    const listed = new Set(posts.filter((route) => !route.idempotent).map((r) => `POST ${r.url}`));
    expect(Object.keys(notIdempotent).filter((key) => !listed.has(key))).toEqual([]);
  });

  it("declares what every signed-in route acts on and does, and the account's own routes are few", () => {
    const sessionRoutes = routes.filter((route) => route.access === "session");
    expect(declarations(sessionRoutes.filter((route) => route.acts === undefined))).toEqual([]);
    // What any signed-in user may call whatever their grants: their own things only.
    const ownAccount = sessionRoutes.filter((route) => route.acts?.on === "own-account");
    expect(declarations(ownAccount).sort()).toEqual([
      "DELETE /api/profile/sessions",
      "DELETE /api/profile/view-as",
      "GET /api/auth/entitlements",
      "GET /api/auth/permissions",
      "GET /api/info",
      "GET /api/onboarding-progress",
      "GET /api/profile",
      "GET /api/quotas",
      "PATCH /api/onboarding-progress/:progress",
      "POST /api/user-events",
    ]);
  });

  it("only the signaling relay takes its key from the URL instead of a cookie", () => {
    const tokenRoutes = declarations(routes.filter((route) => route.access === "token"));
    expect(tokenRoutes).toEqual([
      "GET /gateway/:clusterIndex/1.0/session/:sessionId/sockets/master",
    ]);
  });
});

describe("protected routes, signed out", () => {
  it("answer 401 under every spelling of their path", async () => {
    const failures: string[] = [];
    const protectedRoutes = routes.filter((route) => route.access === "session");
    expect(protectedRoutes.length).toBeGreaterThan(20);
    for (const route of protectedRoutes) {
      for (const [kind, path] of Object.entries(variants(concretePath(route.url)))) {
        const answer = await send(route.method, path).catch((error: unknown) => ({
          status: 0,
          body: String(error),
        }));
        const named = route.method === "HEAD" || answer.body.includes("not signed in");
        if (answer.status !== 401 || !named) {
          failures.push(`${route.method} ${path} (${kind}): ${answer.status} ${answer.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuse a WebSocket handshake with 401", async () => {
    const sockets = routes.filter((route) => route.websocket && route.access === "session");
    expect(sockets.length).toBeGreaterThan(0);
    for (const route of sockets) {
      for (const path of Object.values(variants(concretePath(route.url)))) {
        const status = await handshakeStatus(path, {});
        expect(status, `${route.url} as ${path}`).toBe(401);
      }
    }
  });
});

describe("from another site", () => {
  it("every state-changing route answers 403, signed in or not, under every spelling", async () => {
    const cookie = await signInDirectly(db);
    const failures: string[] = [];
    const changing = routes.filter(
      (route) => stateChanging.has(route.method) && route.access !== "token",
    );
    expect(changing.length).toBeGreaterThan(8);
    for (const route of changing) {
      for (const [kind, path] of Object.entries(variants(concretePath(route.url)))) {
        for (const headers of [crossSite, { ...crossSite, cookie }]) {
          const answer = await send(route.method, path, headers);
          if (answer.status !== 403 || !answer.body.includes("Cross-site request refused")) {
            failures.push(`${route.method} ${path} (${kind}): ${answer.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("every WebSocket that rests on the cookie refuses the handshake with 403", async () => {
    const cookie = await signInDirectly(db);
    const sockets = routes.filter((route) => route.websocket && route.access !== "token");
    for (const route of sockets) {
      for (const path of Object.values(variants(concretePath(route.url)))) {
        const status = await handshakeStatus(path, { ...crossSite, cookie });
        expect(status, `${route.url} as ${path}`).toBe(403);
      }
    }
  });
});

describe("what no route matches", () => {
  it("a client route is the app's page, an unknown API path a JSON 404", async () => {
    const page = await send("GET", "/instances/default/x1");
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>spa</title>");
    const api = await send("GET", "/api/no-such-call");
    expect(api.status).toBe(404);
    expect(api.body).toContain("No such API endpoint");
  });
});

describe("signed in", () => {
  it("each spelling reaches the same route as the plain path", async () => {
    const cookie = await signInDirectly(db);
    // The clusters' health is checked on the first look and then every 15 s: wait until it is
    // known, so that every spelling gets the same answer.
    await expect
      .poll(async () => (await send("GET", "/api/clusters", { cookie })).body)
      .toContain('"health"');
    // A check may land between two answers: when it was checked is no part of the comparison.
    const comparable = (body: string) => body.replace(/"checked_at":"[^"]*"/g, "");
    for (const path of ["/api/clusters", "/api/profile", "/api/info"]) {
      const plain = await send("GET", path, { cookie });
      expect(plain.status).toBe(200);
      for (const [kind, variant] of Object.entries(variants(path))) {
        const answer = await send("GET", variant, { cookie });
        expect({ kind, status: answer.status, body: comparable(answer.body) }).toEqual({
          kind,
          status: 200,
          body: comparable(plain.body),
        });
      }
    }
  });
});

/** The HTTP status a WebSocket handshake got instead of an upgrade (101 when it opened). */
function handshakeStatus(path: string, headers: Record<string, string>): Promise<number> {
  const url = `${dashboard.url.replace(/^http/, "ws")}${path}${path.includes("?") ? "&" : "?"}secret=s&token=t`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.on("open", () => {
      resolve(101);
      socket.close();
    });
    socket.on("error", (error) => {
      reject(error);
    });
  });
}
