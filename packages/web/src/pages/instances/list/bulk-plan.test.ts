import { describe, expect, it } from "vitest";
import type { ClusterInstance } from "../../../api/instances.ts";
import { planBulkAction } from "./bulk-plan.ts";

const instance = (name: string, status: ClusterInstance["status"]) =>
  ({ id: `id-${name}`, name, status, clusterId: "default" }) as ClusterInstance;

describe("planBulkAction", () => {
  it("leaves out the instances the action does not apply to, with the reason", () => {
    const plan = planBulkAction("start", [
      instance("a", "stopped"),
      instance("b", "running"),
      instance("c", "error"),
    ]);
    expect(plan.applicable.map((item) => item.name)).toEqual(["a", "c"]);
    expect(plan.leftOut).toEqual([
      { key: "default/id-b", name: "b", reason: "Not available for 'running' instances." },
    ]);
  });
});
