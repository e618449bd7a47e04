import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import type { AmsRegistryApplication } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { HttpError } from "@anbox-dashboard/http-kit";

// The application registry (AAR) as a directory that the clusters of one machine share:
//   <root>/applications/<name>/application.json   the RegistryApplication
//   <root>/applications/<name>/<version>.zip       the package of each pushed version
// Writes go to a temporary name and are renamed, so a cluster never reads a half-written file.

async function readConfig(context: ClusterContext, key: string): Promise<string> {
  const row = await context.db
    .selectFrom("config")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value ?? "";
}

/**
 * Where the registry lives: `registry.url` when it is a local path (`/srv/registry` or
 * `file:///srv/registry`). Otherwise (unset, or an http(s) URL, which this embedded cluster cannot reach) the
 * `registry/` directory next to the dashboard's `clusters/` directory, so that the clusters of one
 * dashboard share it; a cluster laid out otherwise keeps it inside its data directory.
 *
 * `registry.mode` (manual, pull, push) steers the automatic synchronisation (registry-sync.ts);
 * pushing, pulling and deleting by hand work in every mode, as in AMS.
 */
export async function registryRoot(context: ClusterContext): Promise<string> {
  const url = (await readConfig(context, "registry.url")).trim();
  if (url.startsWith("file://")) return fileURLToPath(url);
  if (isAbsolute(url)) return url;
  const { dataDir } = context.options;
  const parent = dirname(dataDir);
  return basename(parent) === "clusters"
    ? join(dirname(parent), "registry")
    : join(dataDir, "registry");
}

function applicationsDirectory(root: string): string {
  return join(root, "applications");
}

/** A registry name is an application name: no path separators, so it is a safe directory name. */
export function registryEntryDirectory(root: string, name: string): string {
  if (name === "" || name === "." || name === ".." || /[/\\\0]/.test(name)) {
    throw new HttpError(400, `"${name}" is not a valid registry application name`);
  }
  return join(applicationsDirectory(root), name);
}

async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.partial`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

export async function listRegistryApplications(root: string): Promise<AmsRegistryApplication[]> {
  let names: string[];
  try {
    names = await readdir(applicationsDirectory(root));
  } catch {
    return [];
  }
  const applications: AmsRegistryApplication[] = [];
  for (const name of names.sort()) {
    const application = await readRegistryApplication(root, name);
    if (application) applications.push(application);
  }
  return applications;
}

export async function readRegistryApplication(
  root: string,
  name: string,
): Promise<AmsRegistryApplication | undefined> {
  try {
    const text = await readFile(
      join(registryEntryDirectory(root, name), "application.json"),
      "utf8",
    );
    return JSON.parse(text) as AmsRegistryApplication;
  } catch {
    return undefined;
  }
}

/** The registry entry with this id or name. */
export async function findRegistryApplication(
  root: string,
  idOrName: string,
): Promise<AmsRegistryApplication | undefined> {
  const all = await listRegistryApplications(root);
  return all.find((entry) => entry.id === idOrName) ?? all.find((entry) => entry.name === idOrName);
}

export async function writeRegistryVersion(
  root: string,
  application: Omit<AmsRegistryApplication, "versions">,
  version: { number: number; manifest_version: string; created_at: number },
  archive: Buffer,
): Promise<void> {
  const directory = registryEntryDirectory(root, application.name);
  await writeAtomically(join(directory, `${version.number}.zip`), archive);
  const existing = await readRegistryApplication(root, application.name);
  const entry: AmsRegistryApplication = {
    ...application,
    versions: {
      ...existing?.versions,
      [String(version.number)]: {
        created_at: version.created_at,
        manifest_version: version.manifest_version,
        size: archive.length,
      },
    },
  };
  await writeAtomically(join(directory, "application.json"), JSON.stringify(entry, null, 2));
}

/** The file of the registry application's newest version. */
export function latestRegistryPackagePath(root: string, entry: AmsRegistryApplication): string {
  const numbers = Object.keys(entry.versions)
    .map(Number)
    .filter((number) => Number.isInteger(number));
  if (numbers.length === 0)
    throw new HttpError(400, `Registry application ${entry.name} has no version`);
  const latest = Math.max(...numbers);
  return join(registryEntryDirectory(root, entry.name), `${latest}.zip`);
}

export async function removeRegistryApplication(root: string, name: string): Promise<void> {
  // Retries: another cluster may be writing a version into the directory at the same moment.
  await rm(registryEntryDirectory(root, name), { recursive: true, force: true, maxRetries: 3 });
}
