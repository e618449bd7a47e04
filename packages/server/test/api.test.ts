// The dashboard server's API, tested against the real server: a temporary data directory, SQLite
// (or a PostgreSQL database of its own when TEST_POSTGRES_URL is set, see scripts/with-postgres.sh),
// and a real embedded cluster process behind its Unix socket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { join } from "node:path";
import { authInfoSchema, clusterSchema, apiErrorSchema } from "@anbox-dashboard/contract";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";
import { readConfig } from "../src/config.ts";
import { startDashboard, type RunningDashboard } from "../src/main.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { sessionCookieName } from "../src/auth/session-cookie.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";

let dataDir: string;
let dashboard: RunningDashboard;
let db: Database;
let environment: TestEnvironment;

/** An asset as the build writes it: with its brotli and gzip copies (compressed-copies-plugin.ts). */
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${String(i)}`))};`;

function writeCompressedBuild(webDistDir: string): void {
  mkdirSync(join(webDistDir, "assets"), { recursive: true });
  const asset = join(webDistDir, "assets", "rows-abc123.js");
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  const index = join(webDistDir, "index.html");
  writeFileSync(`${index}.br`, brotliCompressSync("<!doctype html><title>spa</title>"));
}

beforeAll(async () => {
  environment = await prepareTestEnvironment("api-test");
  dataDir = environment.dataDir;
  // Before the server starts: it serves the files the build left, as it found them.
  writeCompressedBuild(environment.webDistDir);
  const config = readConfig(
    {
      DATA_DIR: dataDir,
      PORT: "0",
      WEB_DIST_DIR: environment.webDistDir,
      DATABASE_URL: environment.databaseUrl,
    },
    "/nonexistent-repository-root",
  );
  dashboard = await startDashboard(config);
  db = await openDatabase({ dataDir, databaseUrl: environment.databaseUrl });
});

afterAll(async () => {
  await db.destroy();
  await dashboard.stop();
  await environment.cleanup();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${dashboard.url}${path}`, { headers });
}

/** A GET as sent (no decompression): its headers and the bytes on the wire. */
function rawGet(
  path: string,
  acceptEncoding: string | undefined,
  accept = "*/*",
  cookie?: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const headers: Record<string, string> = { accept };
  if (cookie !== undefined) headers.cookie = cookie;
  if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
  return new Promise((resolve, reject) => {
    httpGet(`${dashboard.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({ headers: response.headers, body: Buffer.concat(chunks) });
      });
    }).on("error", reject);
  });
}

function signIn(): Promise<string> {
  return signInDirectly(db);
}

describe("the embedded cluster", () => {
  it("listens on its AMS socket under the data directory", () => {
    expect(existsSync(join(dataDir, "clusters", "default", "ams.socket"))).toBe(true);
  });
});

describe("before anyone is signed in", () => {
  it("GET /api/auth-info tells that no user exists yet", async () => {
    const response = await get("/api/auth-info");
    expect(response.status).toBe(200);
    expect(authInfoSchema.parse(await response.json())).toEqual({
      hasUsers: false,
      isExternalIdp: false,
      variant: "appliance",
      // The test's data directory is not ./data: the command must name it.
      registerCommand: `DATA_DIR=${dataDir} bin/dashboard register`,
    });
  });

  it("GET /api/info answers 401 with a message", async () => {
    const response = await get("/api/info");
    expect(response.status).toBe(401);
    expect(apiErrorSchema.parse(await response.json()).message).toMatch(/not signed in/);
  });

  it("GET /api/clusters answers 401", async () => {
    expect((await get("/api/clusters")).status).toBe(401);
  });

  it("a made-up session cookie is not a session", async () => {
    const response = await get("/api/clusters", { cookie: `${sessionCookieName}=nope` });
    expect(response.status).toBe(401);
  });
});

describe("once signed in", () => {
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn();
  });

  it("GET /api/auth-info tells that users exist", async () => {
    const body = authInfoSchema.parse(await (await get("/api/auth-info")).json());
    expect(body.hasUsers).toBe(true);
  });

  it("GET /api/clusters lists the configured cluster", async () => {
    const response = await get("/api/clusters", { cookie });
    expect(response.status).toBe(200);
    const clusters = clusterSchema.array().parse(await response.json());
    expect(clusters.map((cluster) => cluster.id)).toEqual(["default"]);
    // Checked at once in the background: known on a later call, with what its API offers.
    await expect
      .poll(async () => {
        const again = clusterSchema
          .array()
          .parse(await (await get("/api/clusters", { cookie })).json());
        return again[0]?.health;
      })
      .toMatchObject({
        reachable: true,
        api_extensions: expect.arrayContaining(["instance_exec"]) as string[],
      });
  });

  it("compresses JSON answers of a kilobyte or more for a browser that accepts it, and says so", async () => {
    const plain = await rawGet("/api/images", undefined, "application/json", cookie);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected: unknown = JSON.parse(plain.body.toString());

    const brotli = await rawGet("/api/images", "gzip, deflate, br", "application/json", cookie);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(expected);

    const gzip = await rawGet("/api/images", "gzip;q=1, br;q=0", "application/json", cookie);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(expected);

    // A small answer goes as it is.
    const small = await rawGet("/api/auth-info", "br", "application/json");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.length).toBeLessThan(1024);
  });

  it("GET /api/info names the user", async () => {
    const response = await get("/api/info", { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { fullname: "Ada Lovelace" } });
  });
});

describe("routing", () => {
  it("an unknown /api path is a 404 JSON error, never the SPA", async () => {
    const response = await get("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(await response.json()).message).toContain("/api/does-not-exist");
  });

  it("a client route deep link gets index.html", async () => {
    const response = await get("/instances/default/abc/overview", { accept: "text/html" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>spa</title>");
  });

  it("sends the build's compressed copy a browser accepts, with Content-Encoding and Vary", async () => {
    const brotli = await rawGet("/assets/rows-abc123.js", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.body.length).toBeLessThan(script.length / 3);

    const gzip = await rawGet("/assets/rows-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await rawGet("/assets/rows-abc123.js", undefined);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // A deep link's index.html comes compressed too, and is never cached.
    const page = await rawGet("/instances", "br", "text/html");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(page.body).toString()).toContain("<title>spa</title>");
  });

  it("a missing asset is a 404, not index.html", async () => {
    const response = await get("/assets/missing-chunk.js");
    expect(response.status).toBe(404);
  });
});
