import { defaultDiskSize, instanceResourcePresets } from "@anbox-dashboard/contract";
import type { ClusterNode } from "../../api/nodes.ts";

/** One resource of a node: what its instances hold and what it offers (allocation rate applied). */
export interface NodeResource {
  key: "cpu" | "memory" | "disk" | "gpu" | "vpu";
  label: string;
  allocated: number;
  capacity: number;
  /** How to write an amount of it ("3 GB", "4 CPUs"). */
  unit: "count" | "bytes";
}

/**
 * A node's resources as the scheduler counts them: CPU and memory over-committed by their
 * allocation rates, disk and slots not.
 */
export function nodeResources(node: ClusterNode): NodeResource[] {
  const allocated = node.allocated;
  const memoryBytes = node.memory_bytes ?? 0;
  return [
    {
      key: "cpu",
      label: "CPU",
      allocated: allocated?.cpus ?? 0,
      capacity: node.cpus * node.cpu_allocation_rate,
      unit: "count",
    },
    {
      key: "memory",
      label: "Memory",
      allocated: allocated?.memory_bytes ?? 0,
      capacity: memoryBytes * node.memory_allocation_rate,
      unit: "bytes",
    },
    {
      key: "disk",
      label: "Disk",
      allocated: allocated?.disk_size_bytes ?? 0,
      capacity: node.disk_size_bytes ?? 0,
      unit: "bytes",
    },
    {
      key: "gpu",
      label: "GPU slots",
      allocated: allocated?.gpu_slots ?? 0,
      capacity: node.gpu_slots,
      unit: "count",
    },
    {
      key: "vpu",
      label: "VPU slots",
      allocated: allocated?.vpu_slots ?? 0,
      capacity: node.vpu_slots ?? 0,
      unit: "count",
    },
  ];
}

/** The smallest instance the form offers (a2.3 with the least default disk). */
const smallest = (() => {
  const [first] = instanceResourcePresets;
  return {
    cpus: first?.cpus ?? 1,
    memory: (first?.memoryGb ?? 1) * 1e9,
    disk: defaultDiskSize("container", false),
  };
})();

/**
 * Why the node cannot take even the smallest new instance, in words; undefined when it can. A
 * hint for the list (the create form asks the cluster itself): offline, unschedulable, or the
 * resources that are short.
 */
export function whyNodeIsFull(node: ClusterNode): string | undefined {
  if (node.status !== "online") return `Cannot take new instances: the node is ${node.status}`;
  if (node.unschedulable) return "Cannot take new instances: unschedulable";
  const free = (key: NodeResource["key"]) => {
    const resource = nodeResources(node).find((item) => item.key === key);
    return resource === undefined ? 0 : resource.capacity - resource.allocated;
  };
  const short: string[] = [];
  if (free("cpu") < smallest.cpus) short.push("CPU");
  if (free("memory") < smallest.memory) short.push("memory");
  if (free("disk") < smallest.disk) short.push("disk");
  if (short.length === 0) return undefined;
  return `Cannot take new instances: not enough ${short.join(", ")} left`;
}

/** "3.2 GB", "512 MB": a byte count in decimal units, one decimal past 10. */
export function formatBytes(bytes: number): string {
  // Nothing allocated reads in the unit of what is offered: "0 GB / 50 GB".
  if (bytes === 0) return "0 GB";
  const units: readonly [string, number][] = [
    ["TB", 1e12],
    ["GB", 1e9],
    ["MB", 1e6],
  ];
  for (const [unit, factor] of units) {
    if (bytes >= factor) {
      const amount = bytes / factor;
      return `${amount >= 10 ? Math.round(amount) : Number(amount.toFixed(1))} ${unit}`;
    }
  }
  return `${Math.round(bytes)} B`;
}

/**
 * "12 / 32", "3 GB / 32 GB": allocated over capacity, as the bar's text says it. Its spaces are
 * no-break spaces: the figures never split over two lines (a narrow column puts the share under
 * them instead).
 */
export function formatAllocation(resource: NodeResource): string {
  const amount = (value: number) =>
    resource.unit === "bytes" ? formatBytes(value) : String(Number(value.toFixed(2)));
  return `${amount(resource.allocated)} / ${amount(resource.capacity)}`.replaceAll(" ", "\u00a0");
}
