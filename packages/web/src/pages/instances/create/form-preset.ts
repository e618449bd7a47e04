import { instanceTypes, type InstanceType } from "@anbox-dashboard/contract";
import type { InstanceCreateFormValues } from "./create-form-values.ts";

/**
 * The choices a link into the form makes (`/instances/new?clusterId=&type=&image=`, from an
 * image's "Create instance"): that image as the source, on its cluster, of its type. What the
 * lists do not hold is dropped by the form itself (`resolveFormValues`), so a stale link opens the
 * form with its usual choices.
 */
export function formPresetOf(params: URLSearchParams): Partial<InstanceCreateFormValues> {
  const image = params.get("image");
  if (image === null || image === "") return {};
  const preset: Partial<InstanceCreateFormValues> = { sourceType: "image", imageId: image };
  const clusterId = params.get("clusterId");
  if (clusterId !== null && clusterId !== "") preset.clusterId = clusterId;
  const type = params.get("type");
  if ((instanceTypes as readonly string[]).includes(type ?? "")) {
    preset.containerOrVm = type as InstanceType;
  }
  return preset;
}
