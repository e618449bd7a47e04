// The security headers of the real dashboard server, on every kind of answer: the app's page and
// its client routes, API JSON and API errors, static assets, the embedded identity provider's
// endpoints and pages, 404s. Two dashboards: one as `make start` runs it (plain http, nothing
// may frame it), one behind an https public address with STREAM_EMBED_ORIGINS set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { embeddedClientId } from "../src/auth/identity-provider.ts";
import { ConfigError, readConfig } from "../src/config.ts";
import { startDashboard, type RunningDashboard } from "../src/main.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { Browser, authorizationRequest } from "./idp-support.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

interface TestServer {
  url: string;
  dashboard: RunningDashboard;
  db: Database;
  environment: TestEnvironment;
}

const embedOrigins = ["https://portal.example.com", "http://intranet.example:8443"];
let plain: TestServer;
let secure: TestServer;

/** A dashboard whose web app has a script, a stylesheet and a logo, and their manifest, as a built one has. */
async function startServer(name: string, env: Record<string, string> = {}): Promise<TestServer> {
  const environment = await prepareTestEnvironment(name);
  mkdirSync(join(environment.webDistDir, "assets"));
  writeFileSync(join(environment.webDistDir, "assets", "index-abc123.js"), "export {};\n");
  writeFileSync(join(environment.webDistDir, "assets", "index-abc123.css"), "body{margin:0}\n");
  writeFileSync(join(environment.webDistDir, "assets", "anbox-logo-abc123.svg"), "<svg/>\n");
  mkdirSync(join(environment.webDistDir, ".vite"));
  writeFileSync(
    join(environment.webDistDir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-abc123.js", css: ["assets/index-abc123.css"] },
      "src/assets/anbox-logo.svg": { file: "assets/anbox-logo-abc123.svg" },
    }),
  );
  const config = readConfig(
    {
      ...env,
      DATA_DIR: environment.dataDir,
      PORT: "0",
      WEB_DIST_DIR: environment.webDistDir,
      DATABASE_URL: environment.databaseUrl,
    },
    "/nonexistent-repository-root",
  );
  const dashboard = await startDashboard(config);
  const db = await openDatabase({
    dataDir: environment.dataDir,
    databaseUrl: environment.databaseUrl,
  });
  return { url: dashboard.url, dashboard, db, environment };
}

async function stopServer(server: TestServer | undefined): Promise<void> {
  if (!server) return;
  await server.db.destroy();
  await server.dashboard.stop();
  await server.environment.cleanup();
}

beforeAll(async () => {
  plain = await startServer("headers-plain");
  secure = await startServer("headers-secure", {
    PUBLIC_URL: "https://dashboard.example.com",
    STREAM_EMBED_ORIGINS: embedOrigins.join(", "),
  });
});

afterAll(async () => {
  await stopServer(plain);
  await stopServer(secure);
});

/** The policy's directives by name, each with its sources. */
function parsePolicy(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const directive of (header ?? "").split(";")) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name !== undefined && name !== "") directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function policyOf(response: Response): Map<string, string[]> {
  return parsePolicy(response.headers.get("content-security-policy"));
}

function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The text of every inline `<style>` and `<script>` of a page. */
function inlineBlocks(html: string, tag: "style" | "script"): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "g");
  return [...html.matchAll(pattern)].map((match) => match[1] ?? "").filter((text) => text !== "");
}

/** Opens the embedded provider's sign-in page in `browser` (an authorization request of the dashboard). */
async function openSignInPage(server: TestServer, browser: Browser): Promise<Response> {
  const request = authorizationRequest(server.url, embeddedClientId);
  const page = await browser.follow(request.url, `${server.url}/api/`);
  expect(page.status).toBe(200);
  return page;
}

function expectHeadersOfEveryAnswer(response: Response): void {
  const headers = response.headers;
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(headers.get("x-frame-options")).toBe("DENY");
  const permissions = headers.get("permissions-policy") ?? "";
  expect(permissions).toContain("fullscreen=(self)");
  expect(permissions).toContain("clipboard-write=(self)");
  expect(permissions).toContain("camera=(self)");
  expect(permissions).toContain("microphone=()");
  // The device controls' "use my browser's location" and clipboard sync, asked for by the page.
  expect(permissions).toContain("geolocation=(self)");
  expect(permissions).toContain("clipboard-read=(self)");
  const policy = policyOf(response);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  for (const directive of ["default-src", "script-src"]) {
    const sources = policy.get(directive) ?? [];
    expect(sources.length).toBeGreaterThan(0);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain("*");
  }
}

describe("every kind of answer carries the security headers", () => {
  const kinds: [string, (server: TestServer) => Promise<Response>, number][] = [
    ["the app's page", (s) => fetch(`${s.url}/`, { headers: { accept: "text/html" } }), 200],
    ["a client route of the app", (s) => fetch(`${s.url}/instances/default/x`), 200],
    ["the app's page, HEAD", (s) => fetch(`${s.url}/login`, { method: "HEAD" }), 200],
    ["API JSON", (s) => fetch(`${s.url}/api/auth-info`), 200],
    ["an API call without a session (401)", (s) => fetch(`${s.url}/api/clusters`), 401],
    ["an unknown API path (404)", (s) => fetch(`${s.url}/api/no-such-thing`), 404],
    [
      "a request the server cannot read (400)",
      (s) =>
        fetch(`${s.url}/api/registration`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: s.url },
          body: "{not json",
        }),
      400,
    ],
    ["a static asset", (s) => fetch(`${s.url}/assets/index-abc123.js`), 200],
    ["a missing asset (404)", (s) => fetch(`${s.url}/assets/missing.js`), 404],
    [
      "the identity provider's discovery (JSON)",
      (s) => fetch(`${s.url}/oidc/.well-known/openid-configuration`),
      200,
    ],
    ["the identity provider's 404", (s) => fetch(`${s.url}/oidc/no-such-endpoint`), 404],
    ["the identity provider's sign-in page", (s) => openSignInPage(s, new Browser()), 200],
    [
      "the identity provider's error page",
      (s) => fetch(`${s.url}/oidc/auth?client_id=nobody`),
      400,
    ],
  ];

  it.each(kinds)("%s", async (_kind, request, status) => {
    const response = await request(plain);
    expect(response.status).toBe(status);
    expectHeadersOfEveryAnswer(response);
    // Over plain http the browser would ignore it anyway: not sent.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  // The sign-in flow would follow redirects to the public address, which is not this server.
  const reachableBehindHttps = kinds.filter(([kind]) => !kind.includes("sign-in page"));
  it.each(reachableBehindHttps)(
    "%s, behind an https public address: HSTS too",
    async (_kind, request) => {
      const response = await request(secure);
      expectHeadersOfEveryAnswer(response);
      expect(response.headers.get("strict-transport-security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(policyOf(response).get("upgrade-insecure-requests")).toEqual([]);
    },
  );

  it("a static asset keeps the type it is served with (what nosniff holds the browser to)", async () => {
    const script = await fetch(`${plain.url}/assets/index-abc123.js`);
    expect(script.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    const stylesheet = await fetch(`${plain.url}/assets/index-abc123.css`);
    expect(stylesheet.headers.get("content-type")).toMatch(/^text\/css/);
    expectHeadersOfEveryAnswer(stylesheet);
  });
});

describe("the app's policy", () => {
  it("runs only the dashboard's own scripts and connects only to the dashboard, websockets included", async () => {
    const policy = policyOf(await fetch(`${plain.url}/`));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'", `ws://${new URL(plain.url).host}`]);
    // Over plain http, upgrading the page's requests to https would break them all.
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
  });

  it("style elements and attributes inline (the terminal's), but stylesheets from the dashboard only", async () => {
    const policy = policyOf(await fetch(`${plain.url}/`));
    expect(policy.get("style-src-elem")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("behind an https public address, websockets are wss: to it", async () => {
    const policy = policyOf(await fetch(`${secure.url}/`));
    expect(policy.get("connect-src")).toEqual(["'self'", "wss://dashboard.example.com"]);
  });
});

describe("the identity provider's pages", () => {
  it("load only the dashboard's own stylesheet, font and images, and run no script of ours", async () => {
    const pages = {
      signIn: await openSignInPage(plain, new Browser()),
      expired: await fetch(`${plain.url}/oidc/interaction/no-such-interaction`),
      failed: await fetch(`${plain.url}/oidc/auth?client_id=nobody`),
      // Without a session to end, oidc-provider's own page, which submits itself by a script.
      signOut: await fetch(`${plain.url}/oidc/session/end`),
    };
    const htmlOf = new Map<Response, string>();
    for (const page of Object.values(pages)) htmlOf.set(page, await page.text());
    for (const [name, page] of Object.entries(pages)) {
      expect(page.headers.get("content-type"), name).toMatch(/^text\/html/);
      const policy = policyOf(page);
      expect(policy.get("default-src"), name).toEqual(["'none'"]);
      expect(policy.get("style-src"), name).toEqual(["'self'"]);
      expect(policy.get("font-src"), name).toEqual(["'self'"]);
      expect(policy.get("img-src"), name).toEqual(["'self'", "data:"]);
      expect(policy.get("base-uri"), name).toEqual(["'none'"]);
      expect(policy.get("form-action"), name).toEqual(["'self'", plain.url]);
      const html = htmlOf.get(page) ?? "";
      expect(inlineBlocks(html, "style"), name).toEqual([]);
      const scripts = inlineBlocks(html, "script").map(sha256Source);
      expect(policy.get("script-src"), name).toEqual(["'report-sample'", ...scripts]);
    }
    // Ours have no script; the provider's sign-out page has its one script.
    expect(policyOf(pages.signIn).get("script-src")).toEqual(["'report-sample'"]);
    expect(policyOf(pages.signOut).get("script-src")).toHaveLength(2);
  });

  it("look like the dashboard: its built stylesheet, its logo and its login card", async () => {
    const pages = [
      await openSignInPage(plain, new Browser()),
      await fetch(`${plain.url}/oidc/interaction/no-such-interaction`),
      await fetch(`${plain.url}/oidc/auth?client_id=nobody`),
    ];
    for (const page of pages) {
      const html = await page.text();
      expect(html).toContain('<link rel="stylesheet" href="/assets/index-abc123.css">');
      expect(html).toContain('<img src="/assets/anbox-logo-abc123.svg" alt=""');
      expect(html).toContain('<main class="public-card" id="main-content">');
    }
    const stylesheet = await fetch(`${plain.url}/assets/index-abc123.css`);
    expect(stylesheet.status).toBe(200);
  });
});

describe("the public stream page in a frame", () => {
  it("may be framed by the origins of STREAM_EMBED_ORIGINS, and by them only", async () => {
    for (const path of ["/stream/a-share-token", "/stream/a-share-token?autoplay=1"]) {
      const response = await fetch(`${secure.url}${path}`);
      expect(response.status).toBe(200);
      expect(policyOf(response).get("frame-ancestors")).toEqual(embedOrigins);
      // X-Frame-Options cannot name origins: it would forbid what frame-ancestors allows.
      expect(response.headers.get("x-frame-options")).toBeNull();
      expect(policyOf(response).get("script-src")).toEqual(["'self'"]);
    }
  });

  it("no other page may be framed, whatever its path looks like", async () => {
    for (const path of [
      "/",
      "/stream",
      "/stream/",
      "/stream/a-share-token/extra",
      "/instances/stream/x",
      "/sessions/a-session",
      "/api/public-streams/a-share-token",
      "/oidc/.well-known/openid-configuration",
    ]) {
      const response = await fetch(`${secure.url}${path}`);
      expect(policyOf(response).get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("without STREAM_EMBED_ORIGINS, the stream page may not be framed either", async () => {
    const response = await fetch(`${plain.url}/stream/a-share-token`);
    expect(response.status).toBe(200);
    expect(policyOf(response).get("frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("STREAM_EMBED_ORIGINS", () => {
  const read = (value: string) =>
    readConfig({ STREAM_EMBED_ORIGINS: value }, "/nonexistent-repository-root").streamEmbedOrigins;

  it("takes comma-separated origins, written as origins are (host in lower case, no default port)", () => {
    expect(read("")).toEqual([]);
    expect(
      read(" https://Portal.Example.com/ ,http://intranet.example:8443,https://x.example:443"),
    ).toEqual(["https://portal.example.com", "http://intranet.example:8443", "https://x.example"]);
    expect(read("https://a.example,https://a.example")).toEqual(["https://a.example"]);
  });

  it.each([
    "*",
    "'self'",
    "portal.example.com",
    "https://*.example.com",
    "ftp://portal.example.com",
    "https://portal.example.com/embed",
    "https://portal.example.com/?x=1",
    "https://portal.example.com#top",
    "https://user@portal.example.com",
    "https://portal.example.com https://other.example.com",
    "https://portal.example.com;script-src *",
    "https://portal.example.com,",
  ])("refuses %j with a message that names the variable", (value) => {
    expect(() => read(value)).toThrow(ConfigError);
    expect(() => read(value)).toThrow(/^STREAM_EMBED_ORIGINS: /);
  });
});
