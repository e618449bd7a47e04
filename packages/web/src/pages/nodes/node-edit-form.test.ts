import { describe, expect, it } from "vitest";
import type { ClusterNode } from "../../api/nodes.ts";
import { nodeEditFormSchema, nodeEditFormValuesOf, nodePatchOf } from "./node-edit-form.ts";

const node = {
  name: "lxd0",
  clusterId: "default",
  cpu_allocation_rate: 4,
  memory_allocation_rate: 2,
  gpu_slots: 2,
  vpu_slots: 0,
  tags: ["edge"],
  unschedulable: false,
} as ClusterNode;

describe("nodePatchOf", () => {
  it("sends only what changed", () => {
    const values = nodeEditFormValuesOf(node);
    expect(nodePatchOf(values, node)).toEqual({});
    expect(
      nodePatchOf(
        { ...values, cpuAllocationRate: "2.5", tags: "edge, gold,gold", unschedulable: true },
        node,
      ),
    ).toEqual({ cpu_allocation_rate: 2.5, tags: ["edge", "gold"], unschedulable: true });
  });
});

describe("nodeEditFormSchema", () => {
  it("puts the contract's messages on the fields", () => {
    const values = { ...nodeEditFormValuesOf(node), gpuSlots: "-1", memoryAllocationRate: "" };
    const result = nodeEditFormSchema(node).safeParse(values);
    expect(result.success).toBe(false);
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] = issue.message;
    expect(messages).toEqual({
      gpuSlots: "It must be at least 0",
      memoryAllocationRate: "It must be a number",
    });
  });

  it("accepts a good change", () => {
    const values = { ...nodeEditFormValuesOf(node), vpuSlots: "3", unschedulable: true };
    expect(nodeEditFormSchema(node).safeParse(values).success).toBe(true);
  });
});
