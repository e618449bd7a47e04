import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statSync } from "node:fs";
import { serviceStatusSchema } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

describe("AMS service endpoint over the Unix socket", () => {
  it("answers GET /1.0 with a sync envelope holding the service status", async () => {
    const { status, body } = await cluster.request("GET", "/1.0");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: "sync",
      status: "Success",
      status_code: 200,
      error_code: 0,
    });
    const metadata = serviceStatusSchema.parse(body.metadata);
    expect(metadata.api_version).toBe("1.0");
    expect(metadata.cluster_name).toBe(cluster.running.context.options.name);
    expect(Array.isArray(metadata.api_extensions)).toBe(true);
  });

  it("keeps its socket private to its owner", () => {
    expect(statSync(cluster.running.socketPath).mode & 0o777).toBe(0o600);
  });

  it("answers an unknown path with a 404 error envelope", async () => {
    const { status, body } = await cluster.request("GET", "/1.0/nothing-here");
    expect(status).toBe(404);
    expect(body).toMatchObject({ type: "error", error_code: 404 });
    expect(body.error).toContain("/1.0/nothing-here");
  });
});
