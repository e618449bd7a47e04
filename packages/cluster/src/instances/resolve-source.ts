import type { InstanceType, InstancesPost } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { ImagesTable } from "../store/schema.ts";
import { parseStringArray } from "../store/json-column.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import {
  effectiveApplicationResources,
  findApplication,
  findLaunchableVersion,
  findVersion,
  versionManifest,
} from "../applications/application-store.ts";

/** What an instance is made from, and what that implies for its defaults. */
export interface ResolvedSource {
  type: InstanceType;
  app: { id: string; name: string; version: number } | undefined;
  image: { id: string; name: string; version: number; variant: string; architecture: string };
  bootPackage: string;
  bootActivity: string;
  disableWatchdog: boolean;
  features: string;
  nodeSelector: string[];
  addons: string[];
  /** The application's resources (bytes), or undefined for a raw instance. */
  resources:
    | { cpus: number; memory: number; diskSize: number; gpuSlots: number; vpuSlots: number }
    | undefined;
}

// Statuses in which an image cannot (yet or any more) be launched.
const unusableImageStatuses = new Set(["error", "deleted", "initializing", "queued", "unknown"]);

/** Resolves `app_id`/`image_id` of a create request; 4xx errors name what is wrong. */
export async function resolveSource(
  db: ClusterDatabase,
  body: InstancesPost,
): Promise<ResolvedSource> {
  const appRef = body.app_id ?? "";
  const imageRef = body.image_id ?? "";
  if (body.source !== undefined && body.source !== null) {
    throw new HttpError(400, "Copying an instance (source) is not supported by this cluster");
  }
  if (appRef !== "" && imageRef !== "") {
    throw new HttpError(400, "Give either app_id or image_id, not both");
  }
  return appRef !== "" ? resolveApplication(db, appRef, body) : resolveImage(db, imageRef, body);
}

async function resolveApplication(
  db: ClusterDatabase,
  ref: string,
  body: InstancesPost,
): Promise<ResolvedSource> {
  const app = await findApplication(db, ref);
  if (!app || app.status === "deleted") throw new HttpError(404, `Application "${ref}" not found`);
  if (app.status !== "ready") {
    throw new HttpError(400, `Application ${app.name} is not ready (status: ${app.status})`);
  }
  const appType: InstanceType = app.vm === 1 ? "vm" : "container";
  if (body.type !== undefined && body.type !== appType) {
    throw new HttpError(400, `Application ${app.name} runs as a ${appType}, not a ${body.type}`);
  }
  const requested = body.app_version;
  const version =
    requested === undefined || requested < 0
      ? await findLaunchableVersion(db, app.id)
      : await findVersion(db, app.id, requested);
  if (!version) {
    throw new HttpError(
      400,
      requested === undefined || requested < 0
        ? `application ${app.name} has no published version`
        : `application ${app.name} has no version ${requested}`,
    );
  }
  if (version.status !== "active") {
    throw new HttpError(
      400,
      `Version ${version.number} of application ${app.name} is not ready (status: ${version.status})`,
    );
  }
  const imageId = version.parent_image_id !== "" ? version.parent_image_id : app.parent_image_id;
  const image = await db
    .selectFrom("images")
    .selectAll()
    .where("id", "=", imageId)
    .executeTakeFirst();
  const manifest = versionManifest(version);
  return {
    type: appType,
    app: { id: app.id, name: app.name, version: version.number },
    image: {
      id: imageId,
      name: image?.name ?? "",
      version: version.parent_image_version,
      variant: image?.variant ?? app.parent_image_variant,
      architecture: image?.architecture ?? "x86_64",
    },
    bootPackage: app.boot_package,
    bootActivity: version.boot_activity,
    disableWatchdog: manifest.watchdog?.disabled === true,
    features: (manifest.features ?? []).join(","),
    nodeSelector: parseStringArray(app.node_selector),
    addons: parseStringArray(app.addons),
    resources: effectiveApplicationResources(app),
  };
}

async function resolveImage(
  db: ClusterDatabase,
  ref: string,
  body: InstancesPost,
): Promise<ResolvedSource> {
  const image =
    ref === ""
      ? await defaultImage(db, body.type ?? "container")
      : await findImage(db, ref, body.type);
  if (unusableImageStatuses.has(image.status)) {
    throw new HttpError(400, `Image ${image.name} cannot be used now (status: ${image.status})`);
  }
  const type = image.type as InstanceType;
  if (body.type !== undefined && body.type !== type) {
    throw new HttpError(400, `Image ${image.name} is a ${type} image, not a ${body.type} image`);
  }
  const versions = await db
    .selectFrom("image_versions")
    .select(["version", "status"])
    .where("image_id", "=", image.id)
    .orderBy("version", "desc")
    .execute();
  const requested = body.image_version;
  const version =
    requested === undefined || requested < 0
      ? versions.find((candidate) => !unusableImageStatuses.has(candidate.status))
      : versions.find((candidate) => candidate.version === requested);
  if (!version) {
    throw new HttpError(
      400,
      requested === undefined || requested < 0
        ? `Image ${image.name} has no usable version`
        : `Image ${image.name} has no version ${requested}`,
    );
  }
  return {
    type,
    app: undefined,
    image: {
      id: image.id,
      name: image.name,
      version: version.version,
      variant: image.variant,
      architecture: image.architecture,
    },
    bootPackage: "",
    bootActivity: "",
    disableWatchdog: false,
    features: "",
    nodeSelector: [],
    addons: [],
    resources: undefined,
  };
}

async function defaultImage(db: ClusterDatabase, type: InstanceType): Promise<ImagesTable> {
  const image = await db
    .selectFrom("images")
    .selectAll()
    .where("type", "=", type)
    .where("is_default", "=", 1)
    .executeTakeFirst();
  if (!image) throw new HttpError(400, `No default ${type} image is set; give image_id`);
  return image;
}

async function findImage(
  db: ClusterDatabase,
  ref: string,
  type: InstanceType | undefined,
): Promise<ImagesTable> {
  const candidates = await db
    .selectFrom("images")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", ref), eb("name", "=", ref)]))
    .execute();
  const image =
    candidates.find((candidate) => candidate.id === ref) ??
    candidates.find((candidate) => type === undefined || candidate.type === type) ??
    candidates[0];
  if (!image) throw new HttpError(404, `Image "${ref}" not found`);
  return image;
}
