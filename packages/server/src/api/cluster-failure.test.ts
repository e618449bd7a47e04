import { describe, expect, it } from "vitest";
import { AmsClient, AmsClientError } from "../clusters/ams-client.ts";
import { ApiError } from "./api-error.ts";
import { clusterFailure } from "./cluster-failure.ts";

const cluster = { id: "default", client: new AmsClient("/nonexistent/ams.socket") };

describe("clusterFailure of a list", () => {
  it("names the cluster: 502 when it refused the dashboard's call, 503 when it is down", () => {
    const refused = clusterFailure(cluster, "list its images", new AmsClientError(400, "bad"));
    expect([refused.statusCode, refused.message]).toEqual([
      502,
      'Cluster "default" did not list its images: bad',
    ]);
    const down = clusterFailure(cluster, "list its images", new AmsClientError(503, "down"));
    expect(down.statusCode).toBe(503);
  });

  it("throws an error of the dashboard's own on, rather than call it the cluster's failure", () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'map')");
    expect(() => clusterFailure(cluster, "list its images", bug)).toThrow(bug);
    const refusal = new ApiError(400, "Invalid query.");
    expect(clusterFailure(cluster, "list its images", refusal)).toBe(refusal);
  });
});
