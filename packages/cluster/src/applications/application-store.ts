import {
  applicationStatusCodes,
  applicationVersionStatusCodes,
  parseByteSize,
  resourcePresets,
  type AmsApplication,
  type AmsApplicationVersion,
  type ApplicationManifest,
  type ApplicationStatus,
  type ApplicationVersionStatus,
  type ManifestResources,
  type ResourcePreset,
} from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { ApplicationsTable, ApplicationVersionsTable } from "../store/schema.ts";
import { parseJsonColumn, parseStringArray } from "../store/json-column.ts";
import { idPattern } from "../store/ids.ts";

/** The application with this id or, failing that, this name. */
export async function findApplication(
  db: ClusterDatabase,
  idOrName: string,
): Promise<ApplicationsTable | undefined> {
  if (idPattern.test(idOrName)) {
    const byId = await db
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", idOrName)
      .executeTakeFirst();
    if (byId) return byId;
  }
  return db.selectFrom("applications").selectAll().where("name", "=", idOrName).executeTakeFirst();
}

export async function listVersions(
  db: ClusterDatabase,
  applicationIds: readonly string[],
): Promise<Map<string, ApplicationVersionsTable[]>> {
  const byApplication = new Map<string, ApplicationVersionsTable[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .selectFrom("application_versions")
    .selectAll()
    .where("application_id", "in", applicationIds)
    .orderBy("number")
    .execute();
  for (const row of rows) {
    const list = byApplication.get(row.application_id) ?? [];
    list.push(row);
    byApplication.set(row.application_id, list);
  }
  return byApplication;
}

export async function findVersion(
  db: ClusterDatabase,
  applicationId: string,
  number: number,
): Promise<ApplicationVersionsTable | undefined> {
  return db
    .selectFrom("application_versions")
    .selectAll()
    .where("application_id", "=", applicationId)
    .where("number", "=", number)
    .executeTakeFirst();
}

/** The newest version of an application (the one its status mirrors). */
export async function latestVersion(
  db: ClusterDatabase,
  applicationId: string,
): Promise<ApplicationVersionsTable | undefined> {
  return db
    .selectFrom("application_versions")
    .selectAll()
    .where("application_id", "=", applicationId)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * The version new instances of an application run: its newest published, ready version.
 * Undefined when none is published (AMS refuses to launch such an application).
 */
export async function findLaunchableVersion(
  db: ClusterDatabase,
  applicationId: string,
): Promise<ApplicationVersionsTable | undefined> {
  return db
    .selectFrom("application_versions")
    .selectAll()
    .where("application_id", "=", applicationId)
    .where("published", "=", 1)
    .where("status", "=", "active")
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** How many instances (not deleted) use an application, or one of its versions. */
export async function countApplicationInstances(
  db: ClusterDatabase,
  applicationId: string,
  version?: number,
): Promise<number> {
  let query = db
    .selectFrom("instances")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("app_id", "=", applicationId)
    .where("status", "!=", "deleted");
  if (version !== undefined) query = query.where("app_version", "=", version);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The default resources of an instance when neither `resources` nor `instance-type` say otherwise. */
export const defaultResources = {
  container: { cpus: 2, memory: "3GB", "disk-size": "3GB", "gpu-slots": 0 },
  vm: { cpus: 2, memory: "3GB", "disk-size": "15GB", "gpu-slots": 0 },
} as const;

export interface EffectiveResources {
  cpus: number;
  /** Bytes. */
  memory: number;
  /** Bytes. */
  diskSize: number;
  gpuSlots: number;
  vpuSlots: number;
}

/**
 * What an instance of the application needs: `resources` over the `instance-type` preset over the
 * defaults of its type (container or VM), sizes in bytes.
 */
export function effectiveApplicationResources(application: ApplicationsTable): EffectiveResources {
  const resources = parseJsonColumn<ManifestResources>(application.resources, {});
  const preset =
    application.instance_type in resourcePresets
      ? resourcePresets[application.instance_type as ResourcePreset]
      : undefined;
  const base = preset ?? defaultResources[application.vm === 1 ? "vm" : "container"];
  return {
    cpus: resources.cpus ?? base.cpus,
    memory: parseByteSize(resources.memory ?? base.memory) ?? 3e9,
    diskSize: parseByteSize(resources["disk-size"] ?? base["disk-size"]) ?? 3e9,
    gpuSlots: resources["gpu-slots"] ?? base["gpu-slots"],
    vpuSlots: resources["vpu-slots"] ?? 0,
  };
}

/** A status's code; 0 (unknown) for a status the table does not know (a damaged row). */
function codeOf(codes: Readonly<Record<string, number>>, status: string): number {
  return Object.hasOwn(codes, status) ? (codes[status] ?? 0) : 0;
}

export function versionManifest(row: ApplicationVersionsTable): ApplicationManifest {
  return parseJsonColumn<ApplicationManifest>(row.manifest, { name: "" });
}

export function toApplicationVersion(row: ApplicationVersionsTable): AmsApplicationVersion {
  const manifest = versionManifest(row);
  const status = row.status as ApplicationVersionStatus;
  return {
    number: row.number,
    manifest_version: row.manifest_version,
    parent_image_id: row.parent_image_id,
    parent_image_version: row.parent_image_version,
    status,
    status_code: codeOf(applicationVersionStatusCodes, status),
    published: row.published === 1,
    created_at: row.created_at,
    size: row.size,
    boot_activity: row.boot_activity,
    required_permissions: manifest["required-permissions"] ?? [],
    addons: (manifest.addons ?? []).map((name) => ({ name, version: 0 })),
    extra_data: manifest["extra-data"] ?? {},
    error_message: row.error_message,
    video_encoder: manifest["video-encoder"] ?? "gpu-preferred",
    watchdog: {
      disabled: manifest.watchdog?.disabled ?? false,
      "allowed-packages": manifest.watchdog?.["allowed-packages"] ?? [],
    },
    services: manifest.services ?? [],
    features: manifest.features ?? [],
    hooks: { timeout: manifest.hooks?.timeout ?? "" },
    bootstrap: { keep: manifest.bootstrap?.keep ?? [] },
  };
}

export function toApplication(
  row: ApplicationsTable,
  versions: readonly ApplicationVersionsTable[],
): AmsApplication {
  const status = row.status as ApplicationStatus;
  return {
    id: row.id,
    name: row.name,
    status,
    status_code: codeOf(applicationStatusCodes, status),
    instance_type: row.instance_type,
    boot_package: row.boot_package,
    parent_image_id: row.parent_image_id,
    parent_image_variant: row.parent_image_variant,
    published: versions.some((version) => version.published === 1),
    immutable: row.immutable === 1,
    inhibit_auto_updates: row.inhibit_auto_updates === 1,
    tags: parseStringArray(row.tags),
    node_selector: parseStringArray(row.node_selector),
    addons: parseStringArray(row.addons),
    abi: row.abi,
    vm: row.vm === 1,
    created_at: row.created_at,
    resources: parseJsonColumn<ManifestResources>(row.resources, {}),
    versions: versions.map(toApplicationVersion),
  };
}

/** The status an application shows: the status of its latest version. */
export function applicationStatusOf(versionStatus: string): ApplicationStatus {
  switch (versionStatus) {
    case "active":
      return "ready";
    case "initializing":
      return "initializing";
    case "error":
      return "error";
    default:
      return "unknown";
  }
}
