import { parseWholeNumber, type ResourceChoice } from "@anbox-dashboard/contract";

/**
 * The resource fields a form holds (SPEC section 3 names them): a preset's name (a2.3 … g10.3) or
 * `customResourceType`, and the custom sizes as the text their fields hold. The instance form and
 * the application form both hold these, under these names.
 */
export interface ResourceFormValues {
  resourceType: string;
  resourceTypeCpu: string;
  resourceTypeGpu: string;
  resourceTypeVpu: string;
  /** GB. */
  resourceTypeMemory: string;
}

/** A form's resources before anything is chosen: no preset, and the smallest custom sizes offered. */
export const initialResourceFormValues: ResourceFormValues = {
  resourceType: "",
  resourceTypeCpu: "2",
  resourceTypeGpu: "0",
  resourceTypeVpu: "0",
  resourceTypeMemory: "3",
};

/** The resource choice of a form, custom sizes as numbers (unset when not a whole number). */
export function resourceChoiceOf(values: ResourceFormValues): ResourceChoice {
  return {
    resourceType: values.resourceType,
    resourceTypeCpu: parseWholeNumber(values.resourceTypeCpu),
    resourceTypeGpu: parseWholeNumber(values.resourceTypeGpu),
    resourceTypeVpu: parseWholeNumber(values.resourceTypeVpu),
    resourceTypeMemory: parseWholeNumber(values.resourceTypeMemory),
  };
}
