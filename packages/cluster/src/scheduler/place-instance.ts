/** What an instance asks of a node. Bytes for memory and disk. */
export interface ResourceRequest {
  cpus: number;
  memory: number;
  diskSize: number;
  gpuSlots: number;
  vpuSlots: number;
  type: "container" | "vm";
}

/** A node's capacity and what its instances already hold. */
export interface NodeLoad {
  name: string;
  unschedulable: boolean;
  online: boolean;
  cpus: number;
  cpuAllocationRate: number;
  memory: number;
  memoryAllocationRate: number;
  diskSize: number;
  gpuSlots: number;
  vpuSlots: number;
  tags: readonly string[];
  used: { cpus: number; memory: number; diskSize: number; gpuSlots: number; vpuSlots: number };
}

export type SchedulingStrategy = "spread" | "binpack";

export type Placement = { node: string } | { error: string };

const gigabyte = 1_000_000_000;

/**
 * Chooses the node for an instance. Capacity is over-committed by the allocation rates (cpus ×
 * cpu_allocation_rate, memory × memory_allocation_rate); disk and GPU/VPU slots are not. `spread`
 * picks the least loaded node that fits, `binpack` the most loaded one, so that whole nodes stay
 * free. Ties go to the node name, so placement is deterministic.
 */
export function placeInstance(
  nodes: readonly NodeLoad[],
  request: ResourceRequest,
  strategy: SchedulingStrategy,
  requiredTags: readonly string[] = [],
): Placement {
  const eligible = nodes.filter((node) => isSchedulable(node, requiredTags));
  const fitting = eligible.filter((node) => fits(node, request));
  if (fitting.length === 0) return { error: noFitMessage(request, nodes.length, eligible.length) };

  const ranked = [...fitting].sort((a, b) => {
    const difference = load(a) - load(b);
    if (difference !== 0) return strategy === "spread" ? difference : -difference;
    return a.name.localeCompare(b.name);
  });
  const chosen = ranked[0];
  return chosen
    ? { node: chosen.name }
    : { error: noFitMessage(request, nodes.length, eligible.length) };
}

/** Whether a node may take new instances at all: online, not unschedulable, with every tag. */
export function isSchedulable(node: NodeLoad, requiredTags: readonly string[] = []): boolean {
  return node.online && !node.unschedulable && requiredTags.every((tag) => node.tags.includes(tag));
}

function fits(node: NodeLoad, request: ResourceRequest): boolean {
  return (
    node.used.cpus + request.cpus <= node.cpus * node.cpuAllocationRate &&
    node.used.memory + request.memory <= node.memory * node.memoryAllocationRate &&
    node.used.diskSize + request.diskSize <= node.diskSize &&
    node.used.gpuSlots + request.gpuSlots <= node.gpuSlots &&
    node.used.vpuSlots + request.vpuSlots <= node.vpuSlots
  );
}

/** The share of the node's (over-committed) CPU and memory in use, whichever is higher. */
function load(node: NodeLoad): number {
  return Math.max(
    node.used.cpus / (node.cpus * node.cpuAllocationRate),
    node.used.memory / (node.memory * node.memoryAllocationRate),
  );
}

function noFitMessage(request: ResourceRequest, total: number, eligible: number): string {
  if (total === 0) return "No node is available: the cluster has no nodes";
  if (eligible === 0)
    return "No node is available: every node is offline, unschedulable or lacks the required tags";
  const parts = [
    `${request.cpus} CPU${request.cpus === 1 ? "" : "s"}`,
    `${formatGigabytes(request.memory)} memory`,
    `${formatGigabytes(request.diskSize)} disk`,
  ];
  if (request.gpuSlots > 0) parts.push(`${request.gpuSlots} GPU slot(s)`);
  if (request.vpuSlots > 0) parts.push(`${request.vpuSlots} VPU slot(s)`);
  return `No node with enough resources: needs ${parts.join(", ")}`;
}

function formatGigabytes(bytes: number): string {
  const value = bytes / gigabyte;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} GB`;
}
