import { rm } from "node:fs/promises";
import {
  automotiveApplicationTag,
  type AmsOperation,
  type ApplicationManifest,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import type { ApplicationsTable } from "../store/schema.ts";
import { newId } from "../store/ids.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ApplicationPackage } from "./read-package.ts";
import { abiOfArchitecture, resolveApplicationImage, type ResolvedImage } from "./resolve-image.ts";
import type { ReceivedUpload } from "../http/receive-upload.ts";
import { applicationDirectory, uploadFilePath, versionPackagePath } from "./package-files.ts";
import { bootstrapOperationKind, type BootstrapPayload } from "./bootstrap.ts";
import { applicationUrl, publishApplicationEvent } from "./application-state.ts";
import { latestVersion } from "./application-store.ts";

/**
 * The application-level columns a manifest sets. An `aaos` parent image marks the application
 * automotive (tag `app_type_automotive`) even when its manifest does not say so, as the dashboard
 * tells mobile and automotive applications apart by that tag only.
 */
export function applicationColumnsOf(
  manifest: ApplicationManifest,
  resolved: ResolvedImage,
): Pick<
  ApplicationsTable,
  | "instance_type"
  | "boot_package"
  | "parent_image_id"
  | "parent_image_variant"
  | "abi"
  | "tags"
  | "node_selector"
  | "addons"
  | "resources"
> {
  const tags = [...(manifest.tags ?? [])];
  if (resolved.image.variant === "aaos" && !tags.includes(automotiveApplicationTag)) {
    tags.push(automotiveApplicationTag);
  }
  return {
    instance_type: manifest["instance-type"] ?? "",
    boot_package: manifest["boot-package"] ?? "",
    parent_image_id: resolved.image.id,
    parent_image_variant: resolved.image.variant,
    abi: abiOfArchitecture(resolved.image.architecture),
    tags: JSON.stringify(tags),
    node_selector: JSON.stringify(manifest["node-selector"] ?? []),
    addons: JSON.stringify(manifest.addons ?? []),
    resources: JSON.stringify(manifest.resources ?? {}),
  };
}

function versionRow(
  applicationId: string,
  number: number,
  manifest: ApplicationManifest,
  manifestText: string,
  resolved: ResolvedImage,
  now: number,
  size: number,
) {
  return {
    application_id: applicationId,
    number,
    manifest_version: manifest.version ?? "",
    manifest: JSON.stringify(manifest),
    manifest_text: manifestText,
    parent_image_id: resolved.image.id,
    parent_image_version: resolved.version,
    status: "initializing",
    published: 0,
    boot_activity: manifest["boot-activity"] ?? "",
    error_message: "",
    package_path: versionPackagePath(applicationId, number),
    size,
    created_at: now,
  };
}

function startBootstrap(
  context: ClusterContext,
  payload: BootstrapPayload,
  description: string,
): Promise<AmsOperation> {
  return context.operations.start<BootstrapPayload>({
    kind: bootstrapOperationKind,
    description,
    resources: { applications: [applicationUrl(payload.applicationId)] },
    payload,
  });
}

function isUniqueViolation(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code)}` : "";
  return /unique|23505|SQLITE_CONSTRAINT/i.test(text);
}

/** `POST /1.0/applications`: a new application from a checked package, bootstrapped in an operation. */
export async function createApplication(
  context: ClusterContext,
  pkg: ApplicationPackage,
  upload: ReceivedUpload,
  vm: boolean,
): Promise<AmsOperation> {
  const { db, options } = context;
  const { manifest } = pkg;
  const resolved = await resolveApplicationImage(db, manifest.image, vm);
  const existing = await db
    .selectFrom("applications")
    .select("id")
    .where("name", "=", manifest.name)
    .executeTakeFirst();
  if (existing) throw new HttpError(409, `An application named "${manifest.name}" already exists`);

  const id = newId();
  const now = Math.floor(Date.now() / 1000);
  try {
    // Kept for the bootstrap: moved, not copied, from where it was received.
    await upload.keepAs(uploadFilePath(options.dataDir, id, 0));
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto("applications")
        .values({
          id,
          name: manifest.name,
          status: "initializing",
          vm: vm ? 1 : 0,
          immutable: 0,
          inhibit_auto_updates: 0,
          created_at: now,
          revision: 1,
          ...applicationColumnsOf(manifest, resolved),
        })
        .execute();
      await tx
        .insertInto("application_versions")
        .values(versionRow(id, 0, manifest, pkg.manifestText, resolved, now, upload.size))
        .execute();
    });
  } catch (error) {
    await rm(applicationDirectory(options.dataDir, id), { recursive: true, force: true });
    if (isUniqueViolation(error)) {
      throw new HttpError(409, `An application named "${manifest.name}" already exists`);
    }
    throw error;
  }
  publishApplicationEvent(context, "application-created", id, { version: 0 });
  return startBootstrap(
    context,
    { applicationId: id, version: 0, source: { type: "upload" } },
    "Creating application",
  );
}

/** The size of the package a version made without an upload copies (0 when not known). */
async function copiedPackageSize(
  context: ClusterContext,
  applicationId: string,
  source: BootstrapPayload["source"],
): Promise<number> {
  if (source.type !== "copy") return 0;
  const row = await context.db
    .selectFrom("application_versions")
    .select("size")
    .where("application_id", "=", applicationId)
    .where("number", "=", source.fromVersion)
    .executeTakeFirst();
  return row?.size ?? 0;
}

/** The number the next version of an application gets. */
async function nextVersionNumber(context: ClusterContext, applicationId: string): Promise<number> {
  const latest = await latestVersion(context.db, applicationId);
  return latest ? latest.number + 1 : 0;
}

/**
 * Inserts a version (with its application columns) and starts its bootstrap. Shared by a package
 * upload (`PATCH /1.0/applications/{id}`) and a metadata patch that makes a new version.
 */
export async function addApplicationVersion(
  context: ClusterContext,
  application: ApplicationsTable,
  manifest: ApplicationManifest,
  manifestText: string,
  source: BootstrapPayload["source"],
  upload?: ReceivedUpload,
): Promise<AmsOperation> {
  const { db, options } = context;
  if (manifest.name !== application.name) {
    throw new HttpError(
      400,
      `Invalid manifest.yaml: name: "${manifest.name}" is not the name of the application ("${application.name}")`,
    );
  }
  const resolved = await resolveApplicationImage(db, manifest.image, application.vm === 1);
  const number = await nextVersionNumber(context, application.id);
  const now = Math.floor(Date.now() / 1000);
  const uploadPath = uploadFilePath(options.dataDir, application.id, number);
  const size = upload ? upload.size : await copiedPackageSize(context, application.id, source);
  try {
    if (upload) await upload.keepAs(uploadPath);
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto("application_versions")
        .values(versionRow(application.id, number, manifest, manifestText, resolved, now, size))
        .execute();
      await tx
        .updateTable("applications")
        .set((eb) => ({
          ...applicationColumnsOf(manifest, resolved),
          status: "initializing",
          revision: eb("revision", "+", 1),
        }))
        .where("id", "=", application.id)
        .execute();
    });
  } catch (error) {
    await rm(uploadPath, { force: true });
    if (isUniqueViolation(error)) {
      throw new HttpError(
        409,
        `Another version of "${application.name}" is being created; try again`,
      );
    }
    throw error;
  }
  publishApplicationEvent(context, "application-updated", application.id, {
    version: number,
    status: "initializing",
  });
  return startBootstrap(
    context,
    { applicationId: application.id, version: number, source },
    "Updating application",
  );
}
