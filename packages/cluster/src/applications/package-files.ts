import { mkdir, rm, cp } from "node:fs/promises";
import { join } from "node:path";
import { HttpError } from "@anbox-dashboard/http-kit";
import { FileSource } from "../archive/archive-source.ts";
import { zipRecords } from "../archive/zip-directory.ts";

// Where an application's files live in the cluster's data directory:
//   applications/<id>/<version>/          the unpacked package of a version
//   applications/<id>/<version>.upload    the package as uploaded, until its bootstrap has run

export function applicationDirectory(dataDir: string, applicationId: string): string {
  return join(dataDir, "applications", applicationId);
}

/** Relative to the data directory (stored in `application_versions.package_path`). */
export function versionPackagePath(applicationId: string, version: number): string {
  return join("applications", applicationId, String(version));
}

export function uploadFilePath(dataDir: string, applicationId: string, version: number): string {
  return join(applicationDirectory(dataDir, applicationId), `${version}.upload`);
}

export async function copyVersionFiles(from: string, to: string): Promise<void> {
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  await cp(from, to, { recursive: true, force: true }).catch((error: unknown) => {
    // A version made from a package without files beyond its manifest may have no directory.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  });
}

/**
 * Why an APK cannot be installed, or undefined when it can: it must be a zip archive holding
 * `AndroidManifest.xml` (the APK is not parsed further).
 */
export function checkApk(path: string): string | undefined {
  const names: string[] = [];
  let source: FileSource | undefined;
  try {
    // Lists the central directory, reading the file by offset, without inflating any entry.
    source = new FileSource(path);
    for (const record of zipRecords(source)) names.push(record.name);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return "app.apk is not a valid APK (not a zip archive)";
  } finally {
    source?.close();
  }
  if (!names.includes("AndroidManifest.xml")) {
    return "app.apk is not a valid APK (it has no AndroidManifest.xml)";
  }
  return undefined;
}

export async function removeApplicationFiles(
  dataDir: string,
  applicationId: string,
): Promise<void> {
  await rm(applicationDirectory(dataDir, applicationId), { recursive: true, force: true });
}

export async function removeVersionFiles(
  dataDir: string,
  applicationId: string,
  version: number,
): Promise<void> {
  await rm(join(dataDir, versionPackagePath(applicationId, version)), {
    recursive: true,
    force: true,
  });
  await rm(uploadFilePath(dataDir, applicationId, version), { force: true });
}
