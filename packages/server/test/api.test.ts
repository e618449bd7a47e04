// The dashboard server's API, tested against the real server: a temporary data directory, SQLite
// (or a PostgreSQL database of its own when TEST_POSTGRES_URL is set, see scripts/with-postgres.sh),
// and a real embedded cluster process behind its Unix socket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
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

beforeAll(async () => {
  environment = await prepareTestEnvironment("api-test");
  dataDir = environment.dataDir;
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

  it("a missing asset is a 404, not index.html", async () => {
    const response = await get("/assets/missing-chunk.js");
    expect(response.status).toBe(404);
  });
});
