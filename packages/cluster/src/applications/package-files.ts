import { mkdir, rm, writeFile, readFile, cp, rename } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { unzipSync } from "fflate";
import type { ArchiveEntry } from "./read-archive.ts";

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

/** Keeps an upload for its bootstrap; written whole under a temporary name, then renamed. */
export async function storeUpload(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.partial`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/** Writes the entries under `directory`, replacing what was there (a resumed bootstrap redoes it). */
export async function writeEntries(
  directory: string,
  entries: readonly ArchiveEntry[],
): Promise<void> {
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const root = resolve(directory) + sep;
  for (const entry of entries) {
    const target = resolve(directory, entry.path);
    // The reader refused unsafe paths already; this keeps the write safe on its own.
    if (!target.startsWith(root)) throw new Error(`entry ${entry.path} is outside the package`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, entry.data);
  }
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
export async function checkApk(path: string): Promise<string | undefined> {
  const data = await readFile(path);
  const names: string[] = [];
  try {
    // The filter lists the entries without inflating any of them.
    unzipSync(data, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return "app.apk is not a valid APK (not a zip archive)";
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
