import type { ClusterImage } from "../../../api/images.ts";

// What the images list and an image's page show of an image and which actions apply to it: read
// from the image's versions and flags, in one place so that the list and the page agree.

/** Its newest version (AMS lists versions oldest first). */
export function latestVersionOf(image: ClusterImage) {
  return image.versions.at(-1);
}

/** When its first version was made (Unix seconds), or undefined when it has none. */
export function imageCreatedAt(image: ClusterImage): number | undefined {
  if (image.versions.length === 0) return undefined;
  return Math.min(...image.versions.map((version) => version.created_at));
}

/** "Container" or "VM", as people say it. */
export function imageTypeLabel(type: string): string {
  return type === "vm" ? "VM" : "Container";
}

/** What can be done to an image from the list or its page. */
export type ImageAction = "make-default" | "sync" | "delete" | "create-instance" | "rename";

/** Why the cluster takes no rename: AMS's image API changes only `default` and `force_sync`. */
export const renameUnavailableReason =
  "Images cannot be renamed: the cluster names an image after the image server's.";

/**
 * Why an action does not apply to the image now, or undefined when it does. The cluster decides in
 * the end (an image instances run on is refused with its reason); this only keeps buttons that
 * certainly fail from being offered.
 */
export function whyImageActionUnavailable(
  action: ImageAction,
  image: ClusterImage,
): string | undefined {
  const type = image.type === "vm" ? "VM" : "container";
  switch (action) {
    case "make-default":
      if (image.default) return `Already the default ${type} image.`;
      if (image.status !== "active") {
        return `Only an active image can be the default; this one is ${image.status}.`;
      }
      return undefined;
    case "sync":
      return image.status === "available"
        ? undefined
        : `Only available images can be synced; this one is ${image.status}.`;
    case "delete":
      if (image.default) {
        return `The default ${type} image cannot be deleted: make another ${type} image the default first.`;
      }
      if (image.used_by.length > 0) {
        const count = image.used_by.length;
        return `Used by ${String(count)} application${count === 1 ? "" : "s"}: the cluster keeps it.`;
      }
      return undefined;
    case "create-instance":
      return image.status === "active"
        ? undefined
        : `Only an active image can start an instance; this one is ${image.status}.`;
    case "rename":
      return renameUnavailableReason;
  }
}

/** The instance form, opened with this image chosen. */
export function createInstanceFromImagePath(image: ClusterImage): string {
  const params = new URLSearchParams({
    clusterId: image.clusterId,
    type: image.type,
    image: image.id,
  });
  return `/instances/new?${params.toString()}`;
}

/** `/images/{clusterId}/{id}/{tab}`. */
export function imagePath(clusterId: string, id: string, tab?: string): string {
  const base = `/images/${encodeURIComponent(clusterId)}/${encodeURIComponent(id)}`;
  return tab === undefined ? base : `${base}/${tab}`;
}
