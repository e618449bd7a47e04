import type { Entitlement, ResourceName } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/images.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { whyImageActionUnavailable, type ImageAction } from "./image-facts.ts";

/** What each action needs, and on what. */
function needed(action: ImageAction, image: ClusterImage): [Entitlement, ResourceName] {
  const resource: ResourceName = `image:${image.clusterId}/${image.id}`;
  switch (action) {
    case "create-instance":
      return ["can_create_instances", `cluster:${image.clusterId}`];
    case "make-default":
    case "sync":
    case "rename":
      return ["can_edit", resource];
    case "delete":
      return ["can_delete", resource];
  }
}

/**
 * Why an action on an image is not available: the user may not take it (what it needs, and which
 * groups grant it), or it does not apply to the image now; undefined when it is.
 */
export function useImageActionReason(): (
  action: ImageAction,
  image: ClusterImage,
) => string | undefined {
  const { may } = useMay();
  return (action, image) =>
    may(...needed(action, image)) ?? whyImageActionUnavailable(action, image);
}
