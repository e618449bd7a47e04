import type { InstanceType } from "@anbox-dashboard/contract";
import type { ResourceFormValues } from "../../../components/resources/resource-form-values.ts";
import { initialResourceFormValues } from "../../../components/resources/resource-form-values.ts";

/** The preset an application gets unless another is chosen: the cluster's own default. */
export const defaultApplicationPreset = "a2.3";

/**
 * The application form as the person fills it in. Lists (tags, features, the watchdog's allowed
 * packages) are the text of their field, items separated by commas. `imageId` "" means the
 * type's default image (the manifest then names none and the cluster picks it).
 * `manifestExtras` holds the manifest keys the form has no field for (services, addons, hooks…,
 * or keys the cluster does not know), in their order, so that a manifest edited by hand keeps
 * them on its way through the form.
 */
export interface ApplicationFormValues extends ResourceFormValues {
  clusterId: string;
  name: string;
  containerOrVm: InstanceType;
  /** The image's name as the manifest says it ("" for the type's default). */
  imageId: string;
  apk: File | null;
  versionName: string;
  bootPackage: string;
  bootActivity: string;
  tags: string;
  features: string;
  watchdogDisabled: boolean;
  watchdogAllowedPackages: string;
  inhibitAutoUpdates: boolean;
  manifestExtras: ManifestExtras;
}

/**
 * Manifest content the form's fields do not hold: whole top-level keys, and the keys of
 * `resources` besides the custom sizes (disk-size, gpu-type, no_disk_reserve).
 */
export interface ManifestExtras {
  topLevel: [string, unknown][];
  resources: [string, unknown][];
}

export const noManifestExtras: ManifestExtras = { topLevel: [], resources: [] };

export const initialApplicationFormValues: ApplicationFormValues = {
  clusterId: "",
  name: "",
  containerOrVm: "container",
  imageId: "",
  ...initialResourceFormValues,
  resourceType: defaultApplicationPreset,
  apk: null,
  versionName: "",
  bootPackage: "",
  bootActivity: "",
  tags: "",
  features: "",
  watchdogDisabled: false,
  watchdogAllowedPackages: "",
  inhibitAutoUpdates: false,
  manifestExtras: noManifestExtras,
};
