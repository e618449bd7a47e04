import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { serviceStatusSchema } from "@anbox-dashboard/contract";
import { buildAmsServer } from "../src/ams/server.ts";

let dir: string;
let socketPath: string;
let app: FastifyInstance;

function getOverSocket(path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ socketPath, path, method: "GET" }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        resolvePromise({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cluster-test-"));
  socketPath = join(dir, "ams.socket");
  app = buildAmsServer({ identity: { id: "test", name: "test", version: "1.2.3" } });
  await app.listen({ path: socketPath });
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("AMS service endpoint over the Unix socket", () => {
  it("answers GET /1.0 with a sync envelope holding the service status", async () => {
    const { status, body } = await getOverSocket("/1.0");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: "sync",
      status: "Success",
      status_code: 200,
      error_code: 0,
    });
    const metadata = serviceStatusSchema.parse((body as { metadata: unknown }).metadata);
    expect(metadata.api_version).toBe("1.0");
    expect(metadata.cluster_name).toBe("test");
    expect(Array.isArray(metadata.api_extensions)).toBe(true);
  });

  it("answers an unknown path with a 404 error envelope", async () => {
    const { status, body } = await getOverSocket("/1.0/nothing-here");
    expect(status).toBe(404);
    expect(body).toMatchObject({ type: "error", error_code: 404 });
    expect((body as { error: string }).error).toContain("/1.0/nothing-here");
  });
});
