import {
  parseByteSize,
  resourcePresets,
  type AmsApplication,
  type InstancesPost,
  type ResourcePreset,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { readApplication } from "../ams/applications.ts";
import { noAmounts, type QuotaAmounts } from "./quota-usage.ts";

const gigabyte = 1e9;
const gibibyte = 1024 ** 3;

/** What AMS gives an instance that names no resources and no application (reference 2.3.3). */
const rawDefaults = {
  cpus: 2,
  memory: 3 * gigabyte,
  disk: { container: 3 * gigabyte, vm: 15 * gibibyte },
};

/**
 * What a new instance will take of each quota, as its cluster chooses its size: the request's
 * resources, else its application's (its own, else its instance type's), else AMS's defaults.
 * The application is read only when a size is missing and `needsSize` (a limit counts sizes).
 */
export async function instanceDemand(
  cluster: ClusterHandle,
  request: InstancesPost,
  needsSize: boolean,
): Promise<QuotaAmounts> {
  const demand = noAmounts();
  demand.instances = 1;
  demand.running_instances = request.no_start === true ? 0 : 1;
  if (!needsSize) return demand;
  const asked = request.resources ?? {};
  const askedDisk = asked.disk_size ?? asked["disk-size"];
  const complete =
    asked.cpus !== undefined &&
    asked.memory !== undefined &&
    askedDisk !== undefined &&
    asked["gpu-slots"] !== undefined;
  const base =
    !complete && request.app_id !== undefined && request.app_id !== ""
      ? applicationSize(await readApplication(cluster, request.app_id))
      : rawSize(request.type === "vm" ? "vm" : "container");
  demand.cpus = asked.cpus ?? base.cpus;
  demand.memory = asked.memory ?? base.memory;
  demand.disk = askedDisk ?? base.disk;
  demand.gpu_slots = asked["gpu-slots"] ?? base.gpu_slots;
  return demand;
}

type Size = Pick<QuotaAmounts, "cpus" | "memory" | "disk" | "gpu_slots">;

function rawSize(type: "container" | "vm"): Size {
  return {
    cpus: rawDefaults.cpus,
    memory: rawDefaults.memory,
    disk: rawDefaults.disk[type],
    gpu_slots: 0,
  };
}

/** An application's instances' size: its resources, else its instance type's preset. */
function applicationSize(application: AmsApplication): Size {
  const preset =
    application.instance_type in resourcePresets
      ? resourcePresets[application.instance_type as ResourcePreset]
      : undefined;
  const own = application.resources;
  const base = rawSize("container");
  return {
    cpus: own.cpus ?? preset?.cpus ?? base.cpus,
    memory: parseByteSize(own.memory ?? preset?.memory ?? "") ?? base.memory,
    disk: parseByteSize(own["disk-size"] ?? preset?.["disk-size"] ?? "") ?? base.disk,
    gpu_slots: own["gpu-slots"] ?? preset?.["gpu-slots"] ?? 0,
  };
}
