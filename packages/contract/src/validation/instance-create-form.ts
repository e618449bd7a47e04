import { z } from "zod";

// The rules of the instance create form (SPEC section 3) besides the name's (instance-name.ts):
// the sizes a person may type and the choices the form needs, in the words the form says them.
// The bounds are also those of the cluster's create request (`instanceResourcesPostSchema` and
// `instanceDisplaySchema` read them from here), so that what the form lets through the cluster
// takes. The form keeps typed numbers as text, so its schemas check text.

/** Whole-number bounds of the sizes, both included. */
export const instanceSizeLimits = {
  cpus: { min: 1, max: 256 },
  gpuSlots: { min: 0, max: 64 },
  vpuSlots: { min: 0, max: 64 },
  /** In GB (base 1000); the request carries bytes. */
  memoryGb: { min: 1, max: 4000 },
  /** The width and the height of the display. */
  displayPixels: { min: 1, max: 7680 },
} as const;

/** Inclusive bounds of a whole number. */
export interface WholeNumberBounds {
  min: number;
  max: number;
}

const { cpus, gpuSlots, vpuSlots, memoryGb, displayPixels } = instanceSizeLimits;

export const instanceCreateFormMessages = {
  cluster: "Choose a cluster",
  application: "Choose an application",
  image: "Choose an image",
  cpus: `CPU cores must be a whole number from ${cpus.min} to ${cpus.max}`,
  gpuSlots: `GPU slots must be a whole number from ${gpuSlots.min} to ${gpuSlots.max}`,
  vpuSlots: `VPU slots must be a whole number from ${vpuSlots.min} to ${vpuSlots.max}`,
  memory: `Memory must be a whole number of GB from ${memoryGb.min} to ${memoryGb.max}`,
  width: `Width must be a whole number of pixels from ${displayPixels.min} to ${displayPixels.max}`,
  height: `Height must be a whole number of pixels from ${displayPixels.min} to ${displayPixels.max}`,
} as const;

/** The whole number a field holds ("12", " 12 "), or undefined ("", "1.5", "-1", "1e3"). */
export function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** Text that holds a whole number within the bounds; `message` when it does not. */
function wholeNumberTextSchema(bounds: WholeNumberBounds, message: string) {
  return z.string().refine((text) => {
    const value = parseWholeNumber(text);
    return value !== undefined && value >= bounds.min && value <= bounds.max;
  }, message);
}

/** The custom sizes of the form (SPEC section 3's field names), checked when "Custom" is chosen. */
export const customResourcesSchema = z.object({
  resourceTypeCpu: wholeNumberTextSchema(cpus, instanceCreateFormMessages.cpus),
  resourceTypeGpu: wholeNumberTextSchema(gpuSlots, instanceCreateFormMessages.gpuSlots),
  resourceTypeVpu: wholeNumberTextSchema(vpuSlots, instanceCreateFormMessages.vpuSlots),
  resourceTypeMemory: wholeNumberTextSchema(memoryGb, instanceCreateFormMessages.memory),
});

/** A custom display size, checked when a custom resolution is chosen. */
export const customDisplaySchema = z.object({
  displayWidth: wholeNumberTextSchema(displayPixels, instanceCreateFormMessages.width),
  displayHeight: wholeNumberTextSchema(displayPixels, instanceCreateFormMessages.height),
});
