import type { InstanceResources } from "@anbox-dashboard/contract";
import { formatBytes } from "../../../util/bytes.ts";

/**
 * An instance's resources on one line: "2 CPU · 3.0 GB · 1 GPU". GPU and VPU slots are left out
 * when there are none (most instances), memory in base 1000 as the cluster counts it.
 */
export function formatResources(resources: Partial<InstanceResources> | undefined): string {
  if (!resources) return "";
  const parts: string[] = [];
  if (resources.cpus !== undefined && resources.cpus > 0) parts.push(`${resources.cpus} CPU`);
  if (resources.memory !== undefined && resources.memory > 0) {
    parts.push(formatBytes(resources.memory));
  }
  const gpus = resources["gpu-slots"] ?? 0;
  if (gpus > 0) parts.push(`${gpus} GPU`);
  const vpus = resources["vpu-slots"] ?? 0;
  if (vpus > 0) parts.push(`${vpus} VPU`);
  return parts.join(" · ");
}
