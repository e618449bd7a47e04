import { rm } from "node:fs/promises";
import { join } from "node:path";

// Where uploaded image packages live in the cluster's data directory:
//   images/<id>/<version>.pkg    the package of one version, as uploaded
// Provided images have no files: their packages stay on the (virtual) image server.

export function imageDirectory(dataDir: string, imageId: string): string {
  return join(dataDir, "images", imageId);
}

export function imagePackagePath(dataDir: string, imageId: string, version: number): string {
  return join(imageDirectory(dataDir, imageId), `${version}.pkg`);
}

export async function removeImageFiles(dataDir: string, imageId: string): Promise<void> {
  await rm(imageDirectory(dataDir, imageId), { recursive: true, force: true });
}

export async function removeImageVersionFile(
  dataDir: string,
  imageId: string,
  version: number,
): Promise<void> {
  await rm(imagePackagePath(dataDir, imageId, version), { force: true });
}
