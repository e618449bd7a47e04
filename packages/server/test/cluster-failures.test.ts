// Every route that calls a cluster answers the cluster's failure the same way (one cluster call,
// clusters/cluster-call.ts): a cluster that cannot be reached is a 503 naming it, and one that
// refuses the dashboard's own credentials (401, 403) is a 502 naming it, never a 401 or 403 that the
// browser would take for the end of its own session.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import { GatewayClient } from "../src/clusters/gateway-client.ts";
import type { ClusterHandle } from "../src/clusters/cluster-handle.ts";
import { sameOrigin, startTestApp, type TestApp } from "./registration-support.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";

/** A call of each route that asks the cluster (its AMS, or its stream gateway). */
const clusterCalls: { method: "GET" | "POST"; url: string }[] = [
  { method: "GET", url: "/api/info?clusterId=far" },
  { method: "POST", url: "/api/events/auth?clusterId=far" },
  { method: "GET", url: "/api/instances?subclusters=far" },
  { method: "GET", url: "/api/instances/alpha?clusterId=far" },
  { method: "GET", url: "/api/instances/alpha/logs?clusterId=far" },
  { method: "GET", url: "/api/images?subclusters=far" },
  { method: "GET", url: "/api/applications?subclusters=far" },
  { method: "GET", url: "/api/applications/app?clusterId=far" },
  { method: "GET", url: "/api/operations?subclusters=far" },
  { method: "GET", url: "/api/sessions" },
];

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function answersOf(clusters: ClusterHandle[]) {
  t = await startTestApp({}, undefined, clusters);
  const app = t.app;
  const cookie = await signInDirectly(t.context.db);
  return Promise.all(
    clusterCalls.map(async ({ method, url }) => {
      const response = await app.inject({ method, url, headers: { ...sameOrigin, cookie } });
      const { message } = apiErrorSchema.parse(response.json());
      return { call: `${method} ${url}`, status: response.statusCode, message };
    }),
  );
}

describe("a cluster that cannot be reached", () => {
  it("is a 503 naming it, whichever route called it", async () => {
    const far = {
      id: "far",
      client: new AmsClient("/nonexistent/ams.socket"),
      gateway: new GatewayClient("/nonexistent/gateway.socket", "/nonexistent/gateway-token"),
    };
    for (const answer of await answersOf([far])) {
      expect(answer.status, answer.call).toBe(503);
      expect(answer.message, answer.call).toMatch(
        /^Cluster "far" failed: The (cluster|stream gateway)/,
      );
    }
  });
});

describe("a cluster that refuses the dashboard's credentials", () => {
  let dir: string;
  let refusing: Server;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "refusing-cluster-"));
    // Answers every call as an AMS (or a gateway) that does not trust the dashboard.
    refusing = createServer((request, response) => {
      request.resume();
      const status = request.url?.startsWith("/1.0/sessions") ? 401 : 403;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          type: "error",
          error: "not trusted",
          error_code: status,
          status_code: status,
          metadata: {},
        }),
      );
    });
    await new Promise<void>((resolve) => refusing.listen(join(dir, "cluster.socket"), resolve));
  });

  afterAll(() => {
    refusing.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is a 502 naming it, never the 401 or 403 it answered", async () => {
    const socket = join(dir, "cluster.socket");
    const gatewayToken = join(dir, "gateway-token");
    writeFileSync(gatewayToken, "a-token");
    const far = {
      id: "far",
      client: new AmsClient(socket),
      gateway: new GatewayClient(socket, gatewayToken),
    };
    for (const answer of await answersOf([far])) {
      expect(answer, answer.call).toEqual({
        call: answer.call,
        status: 502,
        message: 'Cluster "far" failed: not trusted',
      });
    }
  });
});
