// Property-based fuzzing of every route of the cluster's AMS API and stream gateway: random and
// hostile input in path parameters, query strings and bodies (deep nesting, huge numbers, wrong
// types, unicode, long strings, other content types) never gets a 5xx, a hang or an internal
// detail, only a success or a 4xx in the API's error envelope, and the cluster keeps serving.
// The routes are read from the servers as they are built (helpers/route-recorder.ts), so a route
// added later is fuzzed too. A fresh cluster and data directory bound what the writes can do.
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "@anbox-dashboard/contract";
import type { AmsOperation } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { dashboardToken } from "./gateway/gateway-helpers.ts";
import { recordFastifyRoutes } from "./helpers/route-recorder.ts";
import {
  contractFieldNames,
  fuzzRequest,
  type FuzzRoute,
  type FuzzVocabulary,
} from "./helpers/fuzz-inputs.ts";
import {
  answerProblem,
  fuzzRoutes,
  fuzzTestOptions,
  sendFuzzRequest,
  type FuzzTarget,
} from "./helpers/fuzz-runner.ts";
import { jsonBodyLimit } from "../src/ams/server.ts";

const repositoryRoot = resolve(import.meta.dirname, "../../..");
/** Per request: a longer wait is a hang. */
const answerTimeoutMs = 5_000;

let cluster: TestCluster;
let amsRoutes: readonly FuzzRoute[];
let gatewayRoutes: readonly FuzzRoute[];
let vocabulary: FuzzVocabulary;

beforeAll(async () => {
  const recorder = recordFastifyRoutes();
  try {
    cluster = await startTestCluster();
  } finally {
    recorder.stop();
  }
  amsRoutes = recorder.routesOf(cluster.running.app);
  gatewayRoutes = recorder.routesOf(cluster.running.gateway.app);
  // One real instance, so that some requests name something that exists.
  const created = await cluster.request<AmsOperation>("POST", "/1.0/instances", {
    body: { name: "fuzz-target", no_start: true },
  });
  const done = await cluster.waitOperation(created.body.metadata.id);
  vocabulary = {
    fieldNames: [
      ...contractFieldNames(contract),
      // Query parameters of the AMS and gateway APIs.
      ...["recursion", "limit", "offset", "filter", "timeout", "secret", "vm", "api_token"],
    ],
    knownValues: [
      "fuzz-target",
      done.resources.instances?.[0]?.split("/").pop() ?? "",
      done.id,
      "lxd0",
      "1",
      "true",
      "running",
      "stopped",
    ],
    usualParameters: "",
  };
});

afterAll(async () => {
  await cluster.destroy();
});

/** The message of an AMS error envelope of this status. */
function amsErrorMessage(body: unknown, status: number): string | undefined {
  const envelope = body as { type?: unknown; error?: unknown; error_code?: unknown };
  return envelope.type === "error" &&
    envelope.error_code === status &&
    typeof envelope.error === "string"
    ? envelope.error
    : undefined;
}

/** The message of a gateway error envelope (`status_code` rather than `error_code`). */
function gatewayErrorMessage(body: unknown, status: number): string | undefined {
  const envelope = body as { type?: unknown; error?: unknown; status_code?: unknown };
  return envelope.type === "error" &&
    envelope.status_code === status &&
    typeof envelope.error === "string"
    ? envelope.error
    : undefined;
}

async function fuzzApi(
  routes: readonly FuzzRoute[],
  target: FuzzTarget,
  errorMessage: (body: unknown, status: number) => string | undefined,
  extraHeaders: Record<string, string>,
  timeBudgetMs: number,
): Promise<string[]> {
  return fuzzRoutes(routes, {
    // Bodies up to a little over the JSON limit: the limit's own refusal is fuzzed too.
    requestOf: (route) => fuzzRequest(route, vocabulary, { maxBodyBytes: jsonBodyLimit + 1_000 }),
    check: async (request) => {
      const sent = { ...request, headers: { ...request.headers, ...extraHeaders } };
      const answer = await sendFuzzRequest(target, sent, answerTimeoutMs);
      return answerProblem(sent, answer, errorMessage, [repositoryRoot, cluster.dataDir]);
    },
    runsPerRoute: 100,
    timeBudgetMs,
  });
}

describe("the AMS API under random and hostile input", fuzzTestOptions, () => {
  it("refuses a body nested thousands of levels deep with a 400 that says so", async () => {
    const depth = 10_000;
    const deep = `{"source":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const answer = await cluster.request("POST", "/1.0/instances", {
      raw: Buffer.from(deep),
      headers: { "content-type": "application/json" },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error).toMatch(/nested more than \d+ levels deep/);
  });

  it("refuses a NUL character, which PostgreSQL cannot store, with a 400 that says where", async () => {
    const inPath = await cluster.request("GET", "/1.0/applications/a%00b");
    expect(inPath.status, inPath.text).toBe(400);
    expect(inPath.body.error).toBe(
      "Invalid request: path parameter id must not contain the NUL character (U+0000)",
    );
    const inQuery = await cluster.request("GET", "/1.0/instances?app_name=%00");
    expect(inQuery.body.error).toMatch(/^Invalid request: query parameter app_name must not/);
    const inBody = await cluster.request("POST", "/1.0/instances", {
      body: { name: "x", tags: ["ok", "a\u0000"] },
    });
    expect(inBody.body.error).toMatch(/^Invalid request: body field tags\.1 must not/);
  });

  it("answers every route with a success or a 4xx envelope, never a 5xx, a hang or an internal detail", async () => {
    // Every route the server registered (the recorder saw them), websockets and uploads included.
    expect(amsRoutes.length).toBeGreaterThan(50);
    const failures = await fuzzApi(
      amsRoutes,
      { socketPath: cluster.running.socketPath },
      amsErrorMessage,
      {},
      14_000,
    );
    expect(failures).toEqual([]);
    // Still serving, and still itself: its state was not wrecked by what it was sent.
    const status = await cluster.request("GET", "/1.0");
    expect(status.status).toBe(200);
    expect((await cluster.request("GET", "/1.0/instances/fuzz-target")).status).not.toBe(500);
  });
});

describe("the stream gateway under random and hostile input", fuzzTestOptions, () => {
  it("answers every route with a success or a 4xx envelope, never a 5xx, a hang or an internal detail", async () => {
    expect(gatewayRoutes.length).toBeGreaterThan(10);
    const failures = await fuzzApi(
      gatewayRoutes,
      { socketPath: cluster.running.gateway.socketPath },
      gatewayErrorMessage,
      // The dashboard's token: past the authentication, into the routes.
      { authorization: `macaroon root=${dashboardToken(cluster)}` },
      5_000,
    );
    expect(failures).toEqual([]);
    expect((await cluster.request("GET", "/1.0")).status).toBe(200);
  });
});
