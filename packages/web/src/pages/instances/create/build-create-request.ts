import {
  parseWholeNumber,
  resourceRequestFor,
  type InstancesPost,
  type InstanceDisplay,
} from "@anbox-dashboard/contract";
import { resourceChoiceOf } from "../../../components/resources/resource-form-values.ts";
import { displayResolutions, type InstanceCreateFormValues } from "./create-form-values.ts";

/** The display the form asks for: an offered resolution, or the custom width and height. */
export function displayOf(values: InstanceCreateFormValues): InstanceDisplay {
  const offered = displayResolutions.find((resolution) => resolution.value === values.resolution);
  return {
    width: offered?.width ?? parseWholeNumber(values.displayWidth) ?? 0,
    height: offered?.height ?? parseWholeNumber(values.displayHeight) ?? 0,
    fps: Number(values.fps),
    density: Number(values.density),
  };
}

/**
 * The AMS create request (`POST /1.0/instances`) of valid, resolved form values. An application
 * is named by `app_id` and the chosen `app_version` (the cluster would start its newest
 * published version without one). An empty name is
 * left out: the cluster then names the instance itself. `no_start` is only sent to keep the
 * instance stopped ("Create"); "Create and start" leaves the cluster's default (start it).
 */
export function buildCreateRequest(
  values: InstanceCreateFormValues,
  options: { ext4RootVolumesSupport: boolean; start: boolean },
): InstancesPost {
  const source =
    values.sourceType === "application"
      ? {
          app_id: values.applicationId,
          ...(values.applicationVersion === ""
            ? {}
            : { app_version: Number(values.applicationVersion) }),
        }
      : { image_id: values.imageId };
  return {
    ...(values.name === "" ? {} : { name: values.name }),
    type: values.containerOrVm,
    ...source,
    // Spread: the request's resources accept any extra key, which an interface cannot promise.
    resources: {
      ...resourceRequestFor(
        resourceChoiceOf(values),
        values.containerOrVm,
        options.ext4RootVolumesSupport,
      ),
    },
    config: {
      enable_streaming: values.enableStreaming,
      display: displayOf(values),
      security: { delete_protected: values.deleteProtected },
    },
    ...(options.start ? {} : { no_start: true }),
  };
}
