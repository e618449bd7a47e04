import type { AmsOperation, AmsRegistryApplication } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import type { ApplicationsTable } from "../store/schema.ts";
import {
  findApplication,
  findLaunchableVersion,
  latestVersion,
} from "../applications/application-store.ts";
import { readSetting } from "../settings/read-setting.ts";
import {
  listRegistryApplications,
  readRegistryApplication,
  registryRoot,
} from "./registry-store.ts";
import { pullFromRegistry, pushToRegistry } from "./registry-operations.ts";

/** What went wrong with one application of a round; the round goes on with the others. */
export interface RegistrySyncFailure {
  name: string;
  reason: string;
}

/**
 * One automatic synchronisation with the registry, as `registry.mode` asks:
 * - `push`: each application's newest published version that the registry has no version of that
 *   number of yet is pushed;
 * - `pull`: each registry application whose tags include every tag of `registry.filter` is pulled
 *   when this cluster has no application of its name, or when the registry's newest version is
 *   not the one this cluster last took from it (see `isNewInRegistry`);
 * - `manual`, or no `registry.url`: nothing.
 *
 * Each action is the ordinary push or pull operation, waited for one at a time (so that a round
 * never overlaps the operations of the previous one, and the operations list shows each of them).
 * `signal` ends the round between applications (the cluster is stopping).
 */
export async function syncRegistryOnce(
  context: ClusterContext,
  signal: AbortSignal,
): Promise<RegistrySyncFailure[]> {
  const url = (await readSetting(context.db, "registry.url")).trim();
  if (url === "") return [];
  const mode = await readSetting(context.db, "registry.mode");
  if (mode === "push") return pushNewVersions(context, signal);
  if (mode === "pull") return pullNewApplications(context, signal);
  return [];
}

async function pushNewVersions(
  context: ClusterContext,
  signal: AbortSignal,
): Promise<RegistrySyncFailure[]> {
  const root = await registryRoot(context);
  const applications = await context.db
    .selectFrom("applications")
    .selectAll()
    .orderBy("name")
    .execute();
  return eachApplication(applications, signal, async (application) => {
    const version = await findLaunchableVersion(context.db, application.id);
    if (!version) return;
    const entry = await readRegistryApplication(root, application.name);
    if (entry !== undefined && Object.hasOwn(entry.versions, String(version.number))) return;
    await ended(context, await pushToRegistry(context, application), signal);
  });
}

async function pullNewApplications(
  context: ClusterContext,
  signal: AbortSignal,
): Promise<RegistrySyncFailure[]> {
  const root = await registryRoot(context);
  const filter = (await readSetting(context.db, "registry.filter"))
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  const wanted = (await listRegistryApplications(root)).filter((entry) =>
    filter.every((tag) => entry.tags.includes(tag)),
  );
  return eachApplication(wanted, signal, async (entry) => {
    const newest = newestVersionOf(entry);
    if (newest === undefined) return;
    const local = await findApplication(context.db, entry.name);
    if (local && !(await isNewInRegistry(context, local, newest))) return;
    await ended(context, await pullFromRegistry(context, entry.name), signal);
    await rememberPulled(context, entry.name, newest);
  });
}

/** Runs `sync` for each item in turn; a failure is noted and the next item goes on. */
async function eachApplication<T extends { name: string }>(
  items: readonly T[],
  signal: AbortSignal,
  sync: (item: T) => Promise<void>,
): Promise<RegistrySyncFailure[]> {
  const failures: RegistrySyncFailure[] = [];
  for (const item of items) {
    if (signal.aborted) break;
    try {
      await sync(item);
    } catch (error) {
      failures.push({
        name: item.name,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return failures;
}

/** Waits for the operation to end; throws its error when it did not succeed. */
async function ended(
  context: ClusterContext,
  operation: AmsOperation,
  signal: AbortSignal,
): Promise<void> {
  const final = await context.operations.wait(operation.id, -1, signal);
  if (signal.aborted) throw new Error("the cluster is stopping");
  if (final?.status === "Success") return;
  const reason = final?.err ?? "";
  throw new Error(
    reason !== "" ? reason : `operation ${operation.id} ended ${final?.status ?? "unknown"}`,
  );
}

interface RegistryVersion {
  number: number;
  created_at: number;
}

function newestVersionOf(entry: AmsRegistryApplication): RegistryVersion | undefined {
  let newest: RegistryVersion | undefined;
  for (const [key, version] of Object.entries(entry.versions)) {
    const number = Number(key);
    if (!Number.isInteger(number)) continue;
    if (newest === undefined || number > newest.number) {
      newest = { number, created_at: version.created_at };
    }
  }
  return newest;
}

// The registry version each application was last pulled at, in the cluster's own configuration
// table under `internal.` (never listed nor settable by the API). The local version numbers and
// times of a pulled application are this cluster's own, so they cannot tell by themselves whether
// the registry has moved on: a version made before the last pull but pushed after it is older by
// its time, yet new to this cluster.
const pulledKeyPrefix = "internal.registry.pulled.";

const markerOf = (version: RegistryVersion): string =>
  `${String(version.number)}@${String(version.created_at)}`;

async function isNewInRegistry(
  context: ClusterContext,
  local: ApplicationsTable,
  newest: RegistryVersion,
): Promise<boolean> {
  const row = await context.db
    .selectFrom("config")
    .select("value")
    .where("key", "=", pulledKeyPrefix + local.name)
    .executeTakeFirst();
  if (row) return row.value !== markerOf(newest);
  // Never pulled here (made here, or pulled before this was recorded): newer than its newest version.
  const localNewest = await latestVersion(context.db, local.id);
  return newest.created_at > (localNewest?.created_at ?? 0);
}

async function rememberPulled(
  context: ClusterContext,
  name: string,
  version: RegistryVersion,
): Promise<void> {
  const value = markerOf(version);
  await context.db
    .insertInto("config")
    .values({ key: pulledKeyPrefix + name, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}
