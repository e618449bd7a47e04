import type { InstanceType } from "@anbox-dashboard/contract";

// The statuses in which the cluster refuses to start an instance, or build an application, on an
// image.
const unusableImageStatuses = new Set(["error", "deleted", "initializing", "queued", "unknown"]);

/** The images of the cluster of that type that an instance or an application can be made from now. */
export function usableImages<Image extends { clusterId: string; type: string; status: string }>(
  images: readonly Image[],
  clusterId: string,
  type: InstanceType,
): Image[] {
  return images.filter(
    (image) =>
      image.clusterId === clusterId &&
      image.type === type &&
      !unusableImageStatuses.has(image.status),
  );
}
