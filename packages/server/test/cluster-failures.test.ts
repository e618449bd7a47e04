// Every route that calls a cluster answers the cluster's failure the same way (one cluster call,
// clusters/cluster-call.ts): a cluster that cannot be reached is a 503 naming it, and one that
// refuses the dashboard's own credentials (401, 403) is a 502 naming it, never a 401 or 403 that the
// browser would take for the end of its own session. A cluster whose answer is not what AMS
// answers (a remote one is not ours) is a 502 naming it and the field (src/ams/).
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
  { method: "GET", url: "/api/nodes?subclusters=far" },
  { method: "GET", url: "/api/nodes/n1?clusterId=far" },
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

describe("a cluster whose answers are not AMS's", () => {
  let dir: string;
  let odd: Server;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "odd-cluster-"));
    // Answers in AMS's envelope, with metadata of another shape: a node whose CPU count is a word,
    // an operation without its id, a list that is not one.
    odd = createServer((request, response) => {
      request.resume();
      const metadata =
        request.method === "POST"
          ? { class: "task", status: "Running", status_code: 103 }
          : request.url?.startsWith("/1.0/nodes?")
            ? { nodes: [] }
            : { name: "n1", cpus: "four" };
      response.writeHead(request.method === "POST" ? 202 : 200, {
        "content-type": "application/json",
      });
      response.end(JSON.stringify({ type: "sync", status_code: 200, metadata }));
    });
    await new Promise<void>((resolve) => odd.listen(join(dir, "cluster.socket"), resolve));
  });

  afterAll(() => {
    odd.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is a 502 naming the cluster, what it answered and the field", async () => {
    const socket = join(dir, "cluster.socket");
    t = await startTestApp({}, undefined, [
      { id: "far", client: new AmsClient(socket), gateway: new GatewayClient(socket, socket) },
    ]);
    const cookie = await signInDirectly(t.context.db);
    const answer = async (method: "GET" | "POST", url: string, payload?: unknown) => {
      const response = await t?.app.inject({
        method,
        url,
        headers: { ...sameOrigin, cookie },
        payload: payload as Record<string, unknown> | undefined,
      });
      return {
        status: response?.statusCode,
        message: apiErrorSchema.parse(response?.json()).message,
      };
    };
    const node = await answer("GET", "/api/nodes/n1?clusterId=far");
    expect(node.status).toBe(502);
    expect(node.message).toMatch(/^Cluster "far" answered a node the dashboard cannot read at "/);
    expect((await answer("GET", "/api/nodes?subclusters=far")).message).toMatch(
      /^Cluster "far" answered a list of nodes the dashboard cannot read: /,
    );
    const added = await answer("POST", "/api/nodes?clusterId=far", {
      name: "n2",
      cpus: 4,
      memory: "8GB",
      disk_size: "50GB",
    });
    expect(added.status).toBe(502);
    expect(added.message).toMatch(/^Cluster "far" answered an operation .* at "id"/);
    const instance = await answer("GET", "/api/instances/n1?clusterId=far");
    expect(instance.status).toBe(502);
    expect(instance.message).toMatch(/^Cluster "far" answered an instance .* at "id"/);
    expect((await answer("GET", "/api/instances?subclusters=far")).message).toMatch(
      /^Cluster "far" answered a list of instances the dashboard cannot read: /,
    );
  });
});
