import { describe, expect, it } from "vitest";
import type { ClusterInstanceBulkResult } from "@anbox-dashboard/contract";
import { summarizeBulkResults } from "./bulk-summary.ts";

const ok = (name: string): ClusterInstanceBulkResult => ({
  id: `id-${name}`,
  name,
  success: true,
  error: "",
  clusterId: "default",
});
const failed = (name: string, error: string): ClusterInstanceBulkResult => ({
  ...ok(name),
  success: false,
  error,
});

describe("summarizeBulkResults", () => {
  it("counts what succeeded", () => {
    expect(summarizeBulkResults("start", [ok("a"), ok("b")], [])).toEqual({
      severity: "success",
      title: "Started 2 instances",
      message: "",
    });
    expect(summarizeBulkResults("delete", [ok("a")], []).title).toBe("Deleted 1 instance");
  });

  it("names the failures with their reasons and the instances left out", () => {
    const summary = summarizeBulkResults(
      "stop",
      [ok("a"), failed("b", "No node has room")],
      [{ name: "c", reason: "Not available for 'stopped' instances." }],
    );
    expect(summary.severity).toBe("failure");
    expect(summary.title).toBe("Stopped 1 instance, 1 failed");
    expect(summary.message).toBe(
      "1 failed: b: No node has room. 1 left out: c: Not available for 'stopped' instances.",
    );
  });

  it("says when nothing succeeded, and keeps long lists short", () => {
    const failures = ["a", "b", "c", "d", "e", "f", "g"].map((name) => failed(name, "gone"));
    const summary = summarizeBulkResults("start", failures, []);
    expect(summary.title).toBe("7 instances failed to start");
    expect(summary.message).toBe(
      "7 failed: a: gone; b: gone; c: gone; d: gone; e: gone; and 2 more.",
    );
  });
});
