import { describe, expect, it } from "vitest";
import { AmsClient, AmsClientError } from "../clusters/ams-client.ts";
import { ApiError } from "./api-error.ts";
import { clusterFailure } from "./instances-cluster-call.ts";

const cluster = { id: "default", client: new AmsClient("/nonexistent/ams.socket") };

describe("clusterFailure", () => {
  it("passes a cluster's refusal on with its status and words", () => {
    const failure = clusterFailure(cluster, new AmsClientError(404, "Instance x not found"));
    expect([failure.statusCode, failure.message]).toEqual([404, "Instance x not found"]);
  });

  it("names the cluster in a 502 when it failed, and in a 503 when it cannot be reached", () => {
    expect(clusterFailure(cluster, new AmsClientError(500, "Internal error")).statusCode).toBe(502);
    const unreachable = clusterFailure(cluster, new AmsClientError(503, "cannot be reached"));
    expect([unreachable.statusCode, unreachable.message]).toEqual([
      503,
      'Cluster "default" failed: cannot be reached',
    ]);
  });

  it("throws an error of the dashboard's own on, rather than call it the cluster's failure", () => {
    // What a body nested too deep once did in JSON.stringify: answered 503 with these words.
    const overflow = new RangeError("Maximum call stack size exceeded");
    expect(() => clusterFailure(cluster, overflow)).toThrow(overflow);
    const refusal = new ApiError(400, "Invalid instance.");
    expect(clusterFailure(cluster, refusal)).toBe(refusal);
  });
});
