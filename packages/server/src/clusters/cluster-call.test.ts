import { describe, expect, it } from "vitest";
import { HttpError } from "@anbox-dashboard/http-kit";
import { AmsClient, AmsClientError } from "./ams-client.ts";
import { clusterFailure } from "./cluster-call.ts";

const cluster = { id: "default", client: new AmsClient("/nonexistent/ams.socket") };

describe("clusterFailure", () => {
  it("passes a cluster's refusal on with its status and words", () => {
    const failure = clusterFailure(cluster, new AmsClientError(404, "Instance x not found"));
    expect([failure.statusCode, failure.message]).toEqual([404, "Instance x not found"]);
    const taken = clusterFailure(cluster, new AmsClientError(409, "The name is taken"));
    expect([taken.statusCode, taken.message]).toEqual([409, "The name is taken"]);
  });

  it("makes a refusal of the dashboard's own credentials (401, 403) a 502 naming the cluster", () => {
    // Passed on, the browser would take it for the end of its own session.
    for (const status of [401, 403]) {
      const failure = clusterFailure(cluster, new AmsClientError(status, "token refused"));
      expect([failure.statusCode, failure.message]).toEqual([
        502,
        'Cluster "default" failed: token refused',
      ]);
    }
  });

  it("names the cluster in a 502 when it failed, and in a 503 when it cannot be reached", () => {
    expect(clusterFailure(cluster, new AmsClientError(500, "Internal error")).statusCode).toBe(502);
    const unreachable = clusterFailure(cluster, new AmsClientError(503, "cannot be reached"));
    expect([unreachable.statusCode, unreachable.message]).toEqual([
      503,
      'Cluster "default" failed: cannot be reached',
    ]);
  });

  it("says how long it waited for a call that ran out of time", () => {
    const aborted = new Error("This operation was aborted");
    expect(clusterFailure(cluster, aborted, 10_000).message).toBe(
      'Cluster "default" did not answer within 10 s.',
    );
    expect(clusterFailure(cluster, aborted, 300).statusCode).toBe(503);
  });

  it("throws an error of the dashboard's own on, rather than call it the cluster's failure", () => {
    // What a body nested too deep once did in JSON.stringify: answered 503 with these words.
    const overflow = new RangeError("Maximum call stack size exceeded");
    expect(() => clusterFailure(cluster, overflow)).toThrow(overflow);
    const refusal = new HttpError(400, "Invalid instance.");
    expect(clusterFailure(cluster, refusal)).toBe(refusal);
  });
});
