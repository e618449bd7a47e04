import { describe, expect, it } from "vitest";
import type { ClusterNode } from "../../api/nodes.ts";
import { formatAllocation, nodeResources, whyNodeIsFull } from "./node-capacity.ts";

function node(overrides: Partial<ClusterNode> = {}): ClusterNode {
  return {
    name: "lxd0",
    clusterId: "default",
    address: "10.100.0.1",
    public_address: "10.100.0.1",
    architecture: "x86_64",
    cpus: 4,
    cpu_allocation_rate: 2,
    memory: "8GB",
    memory_bytes: 8e9,
    memory_allocation_rate: 1.5,
    disk_size: "100GB",
    disk_size_bytes: 100e9,
    gpu_slots: 2,
    gpu_encoder_slots: 0,
    vpu_slots: 0,
    is_master: true,
    managed: true,
    unschedulable: false,
    network_bridge_mtu: 1500,
    storage_pool: "ams0",
    tags: [],
    status: "online",
    status_code: 4,
    allocated: {
      cpus: 2,
      memory_bytes: 3e9,
      disk_size_bytes: 3e9,
      gpu_slots: 1,
      vpu_slots: 0,
      instances: 1,
    },
    ...overrides,
  };
}

describe("nodeResources", () => {
  it("applies the CPU and memory allocation rates, not disk's or the slots'", () => {
    const resources = nodeResources(node());
    const byKey = Object.fromEntries(resources.map((item) => [item.key, item]));
    expect(byKey.cpu).toMatchObject({ allocated: 2, capacity: 8 });
    expect(byKey.memory).toMatchObject({ allocated: 3e9, capacity: 12e9 });
    expect(byKey.disk).toMatchObject({ allocated: 3e9, capacity: 100e9 });
    expect(byKey.gpu).toMatchObject({ allocated: 1, capacity: 2 });
    // With no-break spaces: the figures stay on one line.
    expect(resources.map(formatAllocation)).toEqual([
      "2\u00a0/\u00a08",
      "3\u00a0GB\u00a0/\u00a012\u00a0GB",
      "3\u00a0GB\u00a0/\u00a0100\u00a0GB",
      "1\u00a0/\u00a02",
      "0\u00a0/\u00a00",
    ]);
  });
});

describe("whyNodeIsFull", () => {
  it("says nothing for a node with room", () => {
    expect(whyNodeIsFull(node())).toBeUndefined();
  });

  it("names what stops a new instance: status, schedulability, short resources", () => {
    expect(whyNodeIsFull(node({ status: "offline" }))).toContain("offline");
    expect(whyNodeIsFull(node({ unschedulable: true }))).toContain("unschedulable");
    const full = node({
      allocated: {
        cpus: 7,
        memory_bytes: 10e9,
        disk_size_bytes: 3e9,
        gpu_slots: 0,
        vpu_slots: 0,
        instances: 3,
      },
    });
    expect(whyNodeIsFull(full)).toBe("Cannot take new instances: not enough CPU, memory left");
  });
});
