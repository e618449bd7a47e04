// The resource choices of the instance form (SPEC sections 3 and 9) and the resource request they
// become, shared by the form and its tests so that both speak of the same sizes.
import type { InstanceType } from "../ams/instance.ts";
import {
  resourcePresetNames,
  resourcePresets,
  type ResourcePreset,
} from "../constants/resource-presets.ts";

const gibibyte = 1024 ** 3;
const gigabyte = 1e9;

/** A preset of the form, with memory in GB as the form shows it. */
export interface InstanceResourcePreset {
  /** a2.3 … a10.3, g2.3 … g10.3: the letter says whether a GPU comes with it. */
  name: ResourcePreset;
  cpus: number;
  memoryGb: number;
  gpuSlots: number;
  vpuSlots: number;
}

/** a2.3–a10.3 (CPU only) then g2.3–g10.3 (one GPU slot): 3 GB of memory each, no VPU. */
export const instanceResourcePresets: readonly InstanceResourcePreset[] = resourcePresetNames.map(
  (name) => ({
    name,
    cpus: resourcePresets[name].cpus,
    memoryGb: parseInt(resourcePresets[name].memory, 10),
    gpuSlots: resourcePresets[name]["gpu-slots"],
    vpuSlots: 0,
  }),
);

export const customResourceType = "custom";

/** What the form holds about resources: a preset's name, or custom sizes. */
export interface ResourceChoice {
  resourceType: string;
  resourceTypeCpu?: number;
  resourceTypeGpu?: number;
  resourceTypeVpu?: number;
  /** Memory in GB. */
  resourceTypeMemory?: number;
}

/** The resource request of `POST /1.0/instances` (bytes for sizes). */
export interface ResourceRequest {
  cpus: number;
  "gpu-slots": number;
  "vpu-slots": number;
  disk_size: number;
  memory: number;
}

/**
 * The default disk: containers get the minimum (3 GB, or 4 GB where the cluster supports ext4 root
 * volumes) times 1 GiB; VMs 15 GiB.
 */
export function defaultDiskSize(type: InstanceType, ext4RootVolumesSupport: boolean): number {
  if (type === "vm") return 15 * gibibyte;
  return (ext4RootVolumesSupport ? 4 : 3) * gibibyte;
}

export function findResourcePreset(name: string): InstanceResourcePreset | undefined {
  return instanceResourcePresets.find((preset) => preset.name === name);
}

/**
 * The request a choice makes. A preset gives its sizes; custom sizes are taken as given (the form
 * checks them). Memory in GB becomes bytes (base 1000, as AMS reads "3GB").
 */
export function resourceRequestFor(
  choice: ResourceChoice,
  type: InstanceType,
  ext4RootVolumesSupport: boolean,
): ResourceRequest {
  const preset = findResourcePreset(choice.resourceType);
  const cpus = preset?.cpus ?? choice.resourceTypeCpu ?? 2;
  const gpuSlots = preset?.gpuSlots ?? choice.resourceTypeGpu ?? 0;
  const vpuSlots = preset?.vpuSlots ?? choice.resourceTypeVpu ?? 0;
  const memoryGb = preset?.memoryGb ?? choice.resourceTypeMemory ?? 3;
  return {
    cpus,
    "gpu-slots": gpuSlots,
    "vpu-slots": vpuSlots,
    disk_size: defaultDiskSize(type, ext4RootVolumesSupport),
    memory: Math.round(memoryGb * gigabyte),
  };
}
