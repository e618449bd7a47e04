import type { InstanceType } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/catalog.ts";

// The statuses in which the cluster refuses to build an application on an image.
const unusableImageStatuses = new Set(["error", "deleted", "initializing", "queued", "unknown"]);

/** The images of the cluster of that type an application can be built on now. */
export function applicationImages(
  images: readonly ClusterImage[],
  clusterId: string,
  type: InstanceType,
): ClusterImage[] {
  return images.filter(
    (image) =>
      image.clusterId === clusterId &&
      image.type === type &&
      !unusableImageStatuses.has(image.status),
  );
}

/** What the manifest may name an image by: its name or its id. */
export function imageReferences(images: readonly ClusterImage[]): string[] {
  return images.flatMap((image) => [image.name, image.id]);
}
