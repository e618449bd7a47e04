import type { InstanceType } from "@anbox-dashboard/contract";
import { initialResourceFormValues } from "../../../components/resources/resource-form-values.ts";

/** What the instance is made from: an application (its published version) or a bare image. */
export type SourceType = "application" | "image";

/** The display sizes offered (SPEC section 9: 1280x720 first, the default). */
export const displayResolutions = [
  { value: "1280x720", width: 1280, height: 720 },
  { value: "1024x768", width: 1024, height: 768 },
] as const;

export const customResolution = "custom";

/** Pixel densities offered (SPEC section 9: 240 is the default). */
export const displayDensities = [240, 160, 72, 640] as const;

/** Frames per second offered; 60 is the default. */
export const displayFrameRates = [60, 30] as const;

/** The size the cluster gives a bare instance anyway: 2 CPU cores, 3 GB. */
export const defaultResourcePreset = "a2.3";

/**
 * The form as the person fills it in (SPEC section 3 names the resource fields). Numbers stay the
 * text their control holds (typed, or the chosen option) until the request is built; "" in
 * `clusterId`, `sourceType`, `imageId` and `resourceType` means "not chosen yet": the form picks
 * (see `resolveFormValues`).
 */
export interface InstanceCreateFormValues {
  name: string;
  clusterId: string;
  containerOrVm: InstanceType;
  /** "" until chosen: an application when the cluster has one to start, otherwise an image. */
  sourceType: SourceType | "";
  applicationId: string;
  /**
   * The application's version to start, as text; "" until chosen: its newest published version.
   * A version the chosen application does not publish is dropped (see `resolveFormValues`).
   */
  applicationVersion: string;
  imageId: string;
  /**
   * A preset's name (a2.3 … g10.3) or `customResourceType`; "" until chosen: the application's own
   * preset is meant, otherwise `defaultResourcePreset`.
   */
  resourceType: string;
  resourceTypeCpu: string;
  resourceTypeGpu: string;
  resourceTypeVpu: string;
  /** GB. */
  resourceTypeMemory: string;
  enableStreaming: boolean;
  /** One of `displayResolutions`, or `customResolution`. */
  resolution: string;
  displayWidth: string;
  displayHeight: string;
  /** One of `displayDensities`, as text. */
  density: string;
  /** One of `displayFrameRates`, as text. */
  fps: string;
  deleteProtected: boolean;
}

export const initialFormValues: InstanceCreateFormValues = {
  name: "",
  clusterId: "",
  containerOrVm: "container",
  sourceType: "",
  applicationId: "",
  applicationVersion: "",
  imageId: "",
  ...initialResourceFormValues,
  enableStreaming: false,
  resolution: "1280x720",
  displayWidth: "1280",
  displayHeight: "720",
  density: "240",
  fps: "60",
  deleteProtected: false,
};
