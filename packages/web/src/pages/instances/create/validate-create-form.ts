import {
  customResourceType,
  instanceNameMessages,
  validateInstanceName,
} from "@anbox-dashboard/contract";
import { customResolution, type InstanceCreateFormValues } from "./create-form-values.ts";

/** The fields that can be wrong, each with the message shown under it. */
export type CreateFormErrors = Partial<
  Record<
    | "name"
    | "clusterId"
    | "applicationId"
    | "imageId"
    | "resourceTypeCpu"
    | "resourceTypeGpu"
    | "resourceTypeVpu"
    | "resourceTypeMemory"
    | "displayWidth"
    | "displayHeight",
    string
  >
>;

/**
 * The bounds of custom sizes: those of the cluster's create request (`instanceResourcesPostSchema`:
 * 1–256 CPUs, 0–64 GPU and VPU slots, memory up to 4 TB; `instanceDisplaySchema`: up to 7680 px),
 * so that what the form lets through the cluster takes.
 */
export const customLimits = {
  cpus: { min: 1, max: 256 },
  gpuSlots: { min: 0, max: 64 },
  vpuSlots: { min: 0, max: 64 },
  memoryGb: { min: 1, max: 4000 },
  displayPixels: { min: 1, max: 7680 },
} as const;

export const createFormMessages = {
  cluster: "Choose a cluster",
  application: "Choose an application",
  image: "Choose an image",
  cpus: "CPU cores must be a whole number from 1 to 256",
  gpuSlots: "GPU slots must be a whole number from 0 to 64",
  vpuSlots: "VPU slots must be a whole number from 0 to 64",
  memory: "Memory must be a whole number of GB from 1 to 4000",
  width: "Width must be a whole number of pixels from 1 to 7680",
  height: "Height must be a whole number of pixels from 1 to 7680",
} as const;

/** The whole number a field holds ("12", " 12 "), or undefined ("", "1.5", "-1", "1e3"). */
export function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

function outOfBounds(text: string, bounds: { min: number; max: number }): boolean {
  const value = parseWholeNumber(text);
  return value === undefined || value < bounds.min || value > bounds.max;
}

/**
 * Every rule the form's values break (the name's are the contract's, SPEC section 5). `values`
 * are resolved (`resolveFormValues`); `nameTaken` is the answer of the live name check.
 */
export function validateCreateForm(
  values: InstanceCreateFormValues,
  nameTaken: boolean,
): CreateFormErrors {
  const errors: CreateFormErrors = {};
  const nameProblem =
    validateInstanceName(values.name) ?? (nameTaken ? instanceNameMessages.taken : undefined);
  if (nameProblem !== undefined) errors.name = nameProblem;
  if (values.clusterId === "") errors.clusterId = createFormMessages.cluster;
  if (values.sourceType === "application" && values.applicationId === "") {
    errors.applicationId = createFormMessages.application;
  }
  if (values.sourceType === "image" && values.imageId === "") {
    errors.imageId = createFormMessages.image;
  }
  if (values.resourceType === customResourceType) {
    if (outOfBounds(values.resourceTypeCpu, customLimits.cpus)) {
      errors.resourceTypeCpu = createFormMessages.cpus;
    }
    if (outOfBounds(values.resourceTypeGpu, customLimits.gpuSlots)) {
      errors.resourceTypeGpu = createFormMessages.gpuSlots;
    }
    if (outOfBounds(values.resourceTypeVpu, customLimits.vpuSlots)) {
      errors.resourceTypeVpu = createFormMessages.vpuSlots;
    }
    if (outOfBounds(values.resourceTypeMemory, customLimits.memoryGb)) {
      errors.resourceTypeMemory = createFormMessages.memory;
    }
  }
  if (values.resolution === customResolution) {
    if (outOfBounds(values.displayWidth, customLimits.displayPixels)) {
      errors.displayWidth = createFormMessages.width;
    }
    if (outOfBounds(values.displayHeight, customLimits.displayPixels)) {
      errors.displayHeight = createFormMessages.height;
    }
  }
  return errors;
}
