// Reaching clusters without a dashboard around them: the one cluster call's failures (a cluster
// that cannot be reached, one that does not answer in time), and the instance list merged across
// clusters that list at most 1000 at once, against stand-in clusters.
import { describe, expect, it } from "vitest";
import { createServer, type Server } from "node:net";
import { createServer as createHttpServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  instancesListQuerySchema,
  type AmsInstance,
  type InstanceListOrderBy,
} from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import { callCluster } from "../src/clusters/cluster-call.ts";
import { listInstancesOf } from "../src/api/instances/list.ts";
import { mergeInOrder } from "../src/clusters/page-across-clusters.ts";
import type { ClusterHandle } from "../src/clusters/cluster-handle.ts";
import { HttpError } from "@anbox-dashboard/http-kit";

describe("callCluster", () => {
  const unreachable = { id: "far", client: new AmsClient("/nonexistent/ams.socket") };

  async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
    const error: unknown = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }

  it("names a cluster that cannot be reached in a 503", async () => {
    const error = await failureOf(
      callCluster(unreachable, (signal) => unreachable.client.get("/1.0", signal)),
    );
    expect(error.statusCode).toBe(503);
    expect(error.message).toMatch(/^Cluster "far" failed: The cluster cannot be reached/);
  });

  it("names a cluster that does not answer in time in a 503", async () => {
    const dir = mkdtempSync(join(tmpdir(), "silent-cluster-"));
    const socketPath = join(dir, "ams.socket");
    // Accepts connections and never answers.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(socketPath, resolve));
    try {
      const cluster = { id: "silent", client: new AmsClient(socketPath) };
      const error = await failureOf(
        callCluster(cluster, (signal) => cluster.client.get("/1.0", signal), 300),
      );
      expect(error.statusCode).toBe(503);
      expect(error.message).toBe('Cluster "silent" did not answer within 300 ms.');
    } finally {
      silent.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("listInstancesOf, merging clusters that list at most 1000 at once", () => {
  /** Sorts as a cluster does: by the column, then by id, in the direction asked for. */
  function clusterOrder<T extends AmsInstance>(
    instances: readonly T[],
    orderBy: InstanceListOrderBy,
    order: string,
  ): T[] {
    const sign = order === "desc" ? -1 : 1;
    const key = (instance: T) => String(instance[orderBy]).padStart(12, "0");
    return [...instances].sort(
      (a, b) => sign * (key(a).localeCompare(key(b), "en") || a.id.localeCompare(b.id, "en")),
    );
  }

  /** A cluster stand-in answering `GET /1.0/instances` from a list; records each `limit`. */
  async function fakeCluster(
    id: string,
    instances: readonly AmsInstance[],
    limits: number[],
  ): Promise<{ cluster: ClusterHandle; close: () => void }> {
    const dir = mkdtempSync(join(tmpdir(), "listing-cluster-"));
    const socketPath = join(dir, "ams.socket");
    const server = createHttpServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://cluster");
      const limit = Number(url.searchParams.get("limit"));
      const offset = Number(url.searchParams.get("offset"));
      limits.push(limit);
      response.setHeader("content-type", "application/json");
      if (limit > 1000) {
        response.statusCode = 400;
        response.end(JSON.stringify({ type: "error", error: "limit too big", error_code: 400 }));
        return;
      }
      const orderBy = (url.searchParams.get("order_by") ?? "created_at") as InstanceListOrderBy;
      const sorted = clusterOrder(instances, orderBy, url.searchParams.get("order") ?? "asc");
      response.end(
        JSON.stringify({
          type: "sync",
          metadata: sorted.slice(offset, offset + limit),
          total_size: instances.length,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    return {
      cluster: { id, client: new AmsClient(socketPath) },
      close: () => {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  /** Instances with unevenly spread names and many equal creation times (ties go by id). */
  function instancesOf(prefix: string, count: number, stride: number): AmsInstance[] {
    return Array.from(
      { length: count },
      (_, index) =>
        ({
          id: `${prefix}${String(index).padStart(5, "0")}`,
          name: `n-${String((index * stride) % 9973).padStart(4, "0")}-${prefix}`,
          created_at: index % 37,
          status: "running",
        }) as AmsInstance,
    );
  }

  it("returns the page the whole sorted list holds, in chunks of at most 1000", async () => {
    const big = instancesOf("a", 1500, 7919);
    const small = instancesOf("b", 700, 104729);
    const limits: number[] = [];
    const one = await fakeCluster("big", big, limits);
    const two = await fakeCluster("small", small, limits);
    try {
      const all = [
        ...big.map((instance) => ({ ...instance, clusterId: "big" })),
        ...small.map((instance) => ({ ...instance, clusterId: "small" })),
      ];
      for (const [page, orderBy, order] of [
        ["1", "name", "asc"],
        ["15", "name", "asc"],
        ["16", "name", "desc"],
        ["21", "created_at", "desc"],
        ["22", "created_at", "asc"],
        ["23", "name", "asc"],
      ] as const) {
        const query = instancesListQuerySchema.parse({ page, size: "100", orderBy, order });
        const answer = await listInstancesOf([one.cluster, two.cluster], query, () => ({
          all: true,
        }));
        const first = (Number(page) - 1) * 100;
        const expected = clusterOrder(all, orderBy, order).slice(first, first + 100);
        expect(answer.total_size).toBe(2200);
        expect(
          answer.metadata.map((item) => `${item.clusterId}/${item.id}`),
          `page ${page} by ${orderBy} ${order}`,
        ).toEqual(expected.map((item) => `${item.clusterId}/${item.id}`));
      }
      expect(Math.max(...limits)).toBe(1000);
    } finally {
      one.close();
      two.close();
    }
  });
});

describe("mergeInOrder", () => {
  const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it("merges sorted lists, stopping at the count asked for", () => {
    expect(mergeInOrder([["a", "c", "e"], ["b", "d"], []], byCodeUnit)).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
    expect(
      mergeInOrder(
        [
          ["a", "c", "e"],
          ["b", "d"],
        ],
        byCodeUnit,
        3,
      ),
    ).toEqual(["a", "b", "c"]);
  });

  it("keeps a list's own order where its collation differs, so pages stay consistent", () => {
    // A cluster that sorts case-insensitively (a PostgreSQL collation): "apple" before "Banana".
    const lists = [["apple", "Banana", "cherry"], ["Apricot"]];
    const whole = mergeInOrder(lists, byCodeUnit);
    expect(whole).toEqual(["Apricot", "apple", "Banana", "cherry"]);
    for (let count = 0; count <= 4; count++) {
      expect(mergeInOrder(lists, byCodeUnit, count)).toEqual(whole.slice(0, count));
    }
  });
});
