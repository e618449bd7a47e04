// Property-based fuzzing of every API route of the dashboard server (`/api/...` and the relays to
// the clusters), signed in and signed out: random and hostile input in path parameters, query
// strings and bodies (deep nesting, huge numbers, wrong types, unicode, long strings, other
// content types) never gets a 5xx, a hang or an internal detail, only a success or a 4xx
// `{status, error, message}`, and neither the server nor its embedded cluster dies of it. The
// routes come from the server's own route table (auth/route-access.ts), so a route added later is
// fuzzed too; the requests are same-origin (no Origin header), as the SPA's.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "@anbox-dashboard/contract";
import { apiErrorSchema, type InstanceOperationResponse } from "@anbox-dashboard/contract";
import { listRoutes, type RouteEntry } from "../src/auth/route-access.ts";
import { addUser, startAuthHarness, type AuthHarness } from "./support/auth-harness.ts";
import { signedInCookie } from "./support/signed-in-harness.ts";
// The hostile inputs and the runner are the cluster's fuzz test's: one definition of bad input.
import {
  contractFieldNames,
  fuzzRequest,
  type FuzzRequest,
  type FuzzVocabulary,
} from "../../cluster/test/helpers/fuzz-inputs.ts";
import {
  answerProblem,
  fuzzRoutes,
  fuzzTestOptions,
  sendFuzzRequest,
  type FuzzAnswer,
  type FuzzTarget,
} from "../../cluster/test/helpers/fuzz-runner.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
const repositoryRoot = resolve(import.meta.dirname, "../../..");
/** Per request: a longer wait is a hang (a cluster call times out after 10 s: that is a 503). */
const answerTimeoutMs = 12_000;
/** A little over Fastify's default body limit, so that its refusal is fuzzed too. */
const maxBodyBytes = 1024 * 1024 + 1_000;

let harness: AuthHarness;
let target: FuzzTarget;
let cookie = "";
let vocabulary: FuzzVocabulary;
let clusterPid: number;

/**
 * The process id of the embedded cluster `default` of this dashboard (a child of this process).
 * The server restarts a cluster that died, so "alive" means the same process as before the fuzz,
 * not merely one that answers.
 */
function clusterProcessId(dataDir: string): number | undefined {
  const clusterDir = join(dataDir, "clusters", "default");
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args.includes("--data-dir") && args.includes(clusterDir)) return Number(entry);
    } catch {
      // The process ended while the list was read.
    }
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function send(request: FuzzRequest, withCookie: boolean): Promise<FuzzAnswer> {
  const headers = withCookie ? { ...request.headers, cookie } : request.headers;
  return sendFuzzRequest(target, { ...request, headers }, answerTimeoutMs);
}

/** Signs in again when a fuzzed route ended the session (sign-out, ending all sessions). */
async function ensureSignedIn(): Promise<void> {
  const probe = await send(
    { method: "GET", path: "/api/profile", headers: {}, body: undefined },
    true,
  );
  if (probe.status === 200) return;
  cookie = await signedInCookie(harness);
}

function apiErrorMessage(body: unknown, status: number): string | undefined {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success && parsed.data.status === status ? parsed.data.message : undefined;
}

/** The routes of the API and of the relays to the clusters; the SPA's files and pages are not an API. */
function apiRoutes(): RouteEntry[] {
  return listRoutes(harness.dashboard.app).filter((route) =>
    /^\/(?:api|ams|gateway)\//.test(route.url),
  );
}

beforeAll(async () => {
  harness = await startAuthHarness(ada);
  const url = new URL(harness.url);
  target = { host: url.hostname, port: Number(url.port) };
  await addUser(harness, ada);
  await ensureSignedIn();
  clusterPid = clusterProcessId(harness.dataDir) ?? 0;
  // One real instance, so that some requests name something that exists.
  const created = await send(
    {
      method: "POST",
      path: "/api/instances?clusterId=default",
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ name: "fuzz-target", no_start: true })),
    },
    true,
  );
  expect(created.status, created.text).toBe(202);
  const operation = (JSON.parse(created.text) as InstanceOperationResponse).metadata;
  vocabulary = {
    fieldNames: [
      ...contractFieldNames(contract),
      ...["clusterId", "page", "size", "sort", "order", "search", "next", "secret", "token"],
    ],
    knownValues: [
      "default",
      "0",
      "fuzz-target",
      operation.resources.instances?.[0]?.split("/").pop() ?? "",
      operation.id,
      "1",
      "true",
      "running",
    ],
    usualParameters: "clusterId=default",
  };
});

afterAll(async () => {
  await harness.stop();
});

describe("the dashboard's API under random and hostile input", fuzzTestOptions, () => {
  it("refuses a body nested thousands of levels deep with a 400 that says so", async () => {
    const depth = 10_000;
    const answer = await send(
      {
        method: "POST",
        path: "/api/instances?clusterId=default",
        headers: { "content-type": "application/json" },
        body: Buffer.from(`{"source":${"[".repeat(depth)}${"]".repeat(depth)}}`),
      },
      true,
    );
    expect(answer.status, answer.text).toBe(400);
    expect(apiErrorMessage(JSON.parse(answer.text), 400)).toMatch(
      /nested more than \d+ levels deep/,
    );
  });

  it("refuses a NUL character, which PostgreSQL cannot store, with a 400 that says where", async () => {
    const answer = await send(
      {
        method: "GET",
        path: "/api/applications/a%00b?clusterId=default",
        headers: {},
        body: undefined,
      },
      true,
    );
    expect(answer.status, answer.text).toBe(400);
    expect(apiErrorMessage(JSON.parse(answer.text), 400)).toBe(
      "Invalid request: path parameter id must not contain the NUL character (U+0000).",
    );
  });

  it("answers every route, signed in, with a success or a 4xx, never a 5xx, a hang or an internal detail", async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    let lastRoute: RouteEntry | undefined;
    const failures = await fuzzRoutes(routes, {
      requestOf: (route) => fuzzRequest(route, vocabulary, { maxBodyBytes }),
      check: async (request, route) => {
        // Once per route: a route that signs out must not leave the others signed out.
        if (route !== lastRoute) await ensureSignedIn();
        lastRoute = route;
        const answer = await send(request, true);
        return answerProblem(request, answer, apiErrorMessage, [repositoryRoot]);
      },
      runsPerRoute: 60,
      timeBudgetMs: 13_000,
    });
    expect(failures).toEqual([]);
  });

  it("answers every route, signed out, with a success or a 4xx, and every route that needs a session with a refusal", async () => {
    const failures = await fuzzRoutes(apiRoutes(), {
      requestOf: (route) => fuzzRequest(route, vocabulary, { maxBodyBytes }),
      check: async (request, route) => {
        const answer = await send(request, false);
        if (route.access === "session" && answer.status < 400) {
          return `answered ${String(answer.status)} without a session`;
        }
        return answerProblem(request, answer, apiErrorMessage, [repositoryRoot]);
      },
      runsPerRoute: 20,
      timeBudgetMs: 4_000,
    });
    expect(failures).toEqual([]);
  });

  it("leaves the server and its embedded cluster running: the same cluster process, still answering", async () => {
    expect(clusterPid).toBeGreaterThan(0);
    expect(isAlive(clusterPid)).toBe(true);
    expect(clusterProcessId(harness.dataDir)).toBe(clusterPid);
    await ensureSignedIn();
    // A call the server passes on to the cluster (the fuzz may have deleted fuzz-target).
    const answer = await send(
      { method: "GET", path: "/api/instances?clusterId=default", headers: {}, body: undefined },
      true,
    );
    expect(answer.status, answer.text).toBe(200);
  });
});
