// `GET /api/instance-capacity` against the real dashboard and an embedded cluster: the cluster's
// answer passed on, the 400s that name the field, and "unknown" for a cluster without the call
// (a real AMS), tried against stand-in clusters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { capacityQuerySchema, instanceCapacityResponseSchema } from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import type { ClusterHandle } from "../src/clusters/cluster-handle.ts";
import { instanceCapacityOf } from "../src/api/instances/capacity.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { AuthHarness } from "./support/auth-harness.ts";
import { messageOf, startSignedIn } from "./support/signed-in-harness.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;

beforeAll(async () => {
  ({ harness, cookie } = await startSignedIn(ada));
});

afterAll(async () => {
  await harness.stop();
});

const size = "cpus=2&memory=3000000000&disk_size=3000000000";

async function call(path: string, signedIn = true) {
  const response = await fetch(`${harness.url}${path}`, {
    headers: signedIn ? { cookie } : {},
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as unknown, text };
}

async function refusal(path: string, status: number): Promise<string> {
  const answer = await call(path);
  expect(answer.status, answer.text).toBe(status);
  return messageOf(answer.body);
}

describe("GET /api/instance-capacity", () => {
  it("passes on the cluster's answer: the node it would take and the most room", async () => {
    const answer = await call(`/api/instance-capacity?clusterId=default&${size}`);
    expect(answer.status, answer.text).toBe(200);
    const { metadata } = instanceCapacityResponseSchema.parse(answer.body);
    expect(metadata).toMatchObject({
      known: true,
      clusterId: "default",
      fits: true,
      node: "lxd0",
      reason: "",
      schedulable_nodes: 1,
    });
    if (!metadata.known) throw new Error("unknown");
    expect(metadata.most_free?.cpus).toBeGreaterThanOrEqual(2);
    expect(metadata.most_free?.memory).toBeGreaterThanOrEqual(3e9);
  });

  it("says why nothing fits", async () => {
    const answer = await call(
      "/api/instance-capacity?clusterId=default&cpus=200&memory=3000000000&disk_size=3000000000",
    );
    expect(instanceCapacityResponseSchema.parse(answer.body).metadata).toMatchObject({
      known: true,
      fits: false,
      reason: "No node with enough resources: needs 200 CPUs, 3 GB memory, 3 GB disk",
    });
  });

  it.each([
    [`?${size}`, 400, "clusterId is required"],
    [`?clusterId=nowhere&${size}`, 400, "nowhere"],
    ["?clusterId=default&memory=3000000000&disk_size=3000000000", 400, "cpus"],
    ["?clusterId=default&cpus=-1&memory=3000000000&disk_size=3000000000", 400, "cpus must be"],
    ["?clusterId=default&cpus=2&memory=3GB&disk_size=3000000000", 400, "memory must be"],
    [`?clusterId=default&${size}&vpu_slots=100`, 400, "vpu_slots must be at most 64"],
    [`?clusterId=default&${size}&app_id=`, 400, "app_id must not be empty"],
  ])("refuses %s with %i naming %s", async (query, status, words) => {
    expect(await refusal(`/api/instance-capacity${query}`, status)).toContain(words);
  });

  it("answers unknown when the application named is not on the cluster", async () => {
    const answer = await call(`/api/instance-capacity?clusterId=default&${size}&app_id=ghost`);
    expect(instanceCapacityResponseSchema.parse(answer.body).metadata).toEqual({
      known: false,
      clusterId: "default",
    });
  });

  it("needs a session", async () => {
    expect((await call(`/api/instance-capacity?clusterId=default&${size}`, false)).status).toBe(
      401,
    );
  });
});

describe("instanceCapacityOf, against clusters that answer otherwise", () => {
  /** A cluster stand-in that answers every request with this status and body. */
  async function standIn(
    status: number,
    body: unknown,
  ): Promise<{ cluster: ClusterHandle; paths: string[]; close: () => void }> {
    const dir = mkdtempSync(join(tmpdir(), "capacity-cluster-"));
    const socketPath = join(dir, "ams.socket");
    const paths: string[] = [];
    const server = createHttpServer((request, response) => {
      paths.push(request.url ?? "");
      response.statusCode = status;
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    return {
      cluster: { id: "stand-in", client: new AmsClient(socketPath) },
      paths,
      close: () => {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const query = capacityQuerySchema.parse({
    cpus: "4",
    memory: "3000000000",
    disk_size: "3000000000",
    gpu_slots: "1",
  });

  it("is unknown on a cluster without the call (a real AMS answers 404)", async () => {
    const ams = await standIn(404, { type: "error", error: "not found", error_code: 404 });
    try {
      expect(await instanceCapacityOf(ams.cluster, query)).toEqual({
        known: false,
        clusterId: "stand-in",
      });
      expect(ams.paths).toEqual([
        "/1.0/capacity?cpus=4&memory=3000000000&disk_size=3000000000&gpu_slots=1&vpu_slots=0",
      ]);
    } finally {
      ams.close();
    }
  });

  it("is unknown when the answer is not a capacity", async () => {
    const odd = await standIn(200, { type: "sync", metadata: { nodes: 3 } });
    try {
      expect((await instanceCapacityOf(odd.cluster, query)).known).toBe(false);
    } finally {
      odd.close();
    }
  });

  it("passes on a cluster that fails, naming it", async () => {
    const broken = await standIn(500, { type: "error", error: "disk on fire", error_code: 500 });
    try {
      const error = await instanceCapacityOf(broken.cluster, query).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 502 });
      expect((error as HttpError).message).toContain('Cluster "stand-in" failed');
    } finally {
      broken.close();
    }
  });
});
