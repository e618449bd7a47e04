import type { ClusterImage } from "../../../api/catalog.ts";

/** What the manifest may name an image by: its name or its id. */
export function imageReferences(images: readonly ClusterImage[]): string[] {
  return images.flatMap((image) => [image.name, image.id]);
}
