import { instanceTypes, type InstanceType } from "@anbox-dashboard/contract";
import type { InstanceCreateFormValues } from "./create-form-values.ts";

/**
 * The choices a link into the form makes: `/instances/new?clusterId=&type=&image=` (an image's
 * "Create instance") or `...&application=[&version=]` (an application's, or one of its versions'): that
 * image or application (and version) as the source, on its cluster, of its type. What the lists do not hold is dropped by the form itself
 * (`resolveFormValues`), so a stale link opens the form with its usual choices.
 */
export function formPresetOf(params: URLSearchParams): Partial<InstanceCreateFormValues> {
  const source = sourcePresetOf(params);
  if (source === undefined) return {};
  const preset: Partial<InstanceCreateFormValues> = { ...source };
  const clusterId = params.get("clusterId");
  if (clusterId !== null && clusterId !== "") preset.clusterId = clusterId;
  const type = params.get("type");
  if ((instanceTypes as readonly string[]).includes(type ?? "")) {
    preset.containerOrVm = type as InstanceType;
  }
  return preset;
}

function sourcePresetOf(params: URLSearchParams): Partial<InstanceCreateFormValues> | undefined {
  const application = params.get("application");
  if (application !== null && application !== "") {
    const version = params.get("version");
    return {
      sourceType: "application",
      applicationId: application,
      ...(version !== null && /^\d+$/.test(version) ? { applicationVersion: version } : {}),
    };
  }
  const image = params.get("image");
  if (image !== null && image !== "") return { sourceType: "image", imageId: image };
  return undefined;
}
