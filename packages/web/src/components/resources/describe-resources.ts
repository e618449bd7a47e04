import type { ResourceRequest } from "@anbox-dashboard/contract";
import { formatBytes } from "../../util/bytes.ts";

function count(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}

/**
 * What a resource request means, in words: "4 CPU cores, 3 GB memory, 1 GPU slot, disk 3.2 GB".
 * VPU slots are only named when asked for (the presets never do). Memory is in the GB the form
 * asks for; the disk, a GiB count, in the base-1000 GB the dashboard shows sizes in.
 */
export function describeResourceRequest(request: ResourceRequest): string {
  const memoryGb = request.memory / 1e9;
  const parts = [
    count(request.cpus, "CPU core", "CPU cores"),
    `${Number.isInteger(memoryGb) ? memoryGb : memoryGb.toFixed(1)} GB memory`,
    count(request["gpu-slots"], "GPU slot", "GPU slots"),
  ];
  if (request["vpu-slots"] > 0) parts.push(count(request["vpu-slots"], "VPU slot", "VPU slots"));
  parts.push(`disk ${formatBytes(request.disk_size)}`);
  return parts.join(", ");
}
