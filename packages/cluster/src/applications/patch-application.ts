import { stringify as toYaml } from "yaml";
import {
  applicationManifestSchema,
  automotiveApplicationTag,
  versionMakingPatchFields,
  type AmsOperation,
  type ApplicationManifest,
  type ApplicationPatch,
  type ManifestResources,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import type { ApplicationsTable } from "../store/schema.ts";
import { parseJsonColumn, parseStringArray } from "../store/json-column.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../http/validate.ts";
import { latestVersion, versionManifest } from "./application-store.ts";
import { addApplicationVersion, applicationColumnsOf } from "./create-version.ts";
import { resolveApplicationImage } from "./resolve-image.ts";
import { applicationUrl, publishApplicationEvent } from "./application-state.ts";

export const applicationUpdateOperationKind = "application-update";

interface ApplicationUpdatePayload {
  applicationId: string;
  columns: Partial<ApplicationsTable>;
}

/** Registers the operation that applies a metadata patch making no new version (idempotent). */
export function registerApplicationUpdateOperation(context: ClusterContext): void {
  context.operations.registerKind<ApplicationUpdatePayload>(applicationUpdateOperationKind, {
    onRestart: "resume",
    run: async ({ applicationId, columns }) => {
      const result = await context.db
        .updateTable("applications")
        .set((eb) => ({ ...columns, revision: eb("revision", "+", 1) }))
        .where("id", "=", applicationId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) {
        publishApplicationEvent(context, "application-updated", applicationId);
      }
      return {};
    },
  });
}

/**
 * The manifest the application has now: its latest version's, with the application-level fields
 * (changed by patches that make no version) laid over it.
 */
function currentManifest(
  application: ApplicationsTable,
  base: ApplicationManifest,
): ApplicationManifest {
  const manifest: ApplicationManifest = { ...base, name: application.name };
  manifest.image = application.parent_image_id;
  if (application.instance_type === "") delete manifest["instance-type"];
  else
    manifest["instance-type"] = application.instance_type as ApplicationManifest["instance-type"];
  manifest.tags = parseStringArray(application.tags).filter(
    (tag) => tag !== automotiveApplicationTag,
  );
  manifest.addons = parseStringArray(application.addons);
  manifest["node-selector"] = parseStringArray(application.node_selector);
  const resources = parseJsonColumn<ManifestResources>(application.resources, {});
  if (Object.keys(resources).length > 0) manifest.resources = resources;
  else delete manifest.resources;
  return manifest;
}

/**
 * `PATCH /1.0/applications/{id}/`: fields such as `image`, `resources` or `tags` change the
 * application; `services`, `features`, `watchdog`, `boot_activity`, `required_permissions`,
 * `video_encoder`, `manifest_version`, `hooks` and `bootstrap` make a new version (bootstrapped
 * from the latest version's files with the patched manifest).
 */
export async function patchApplication(
  context: ClusterContext,
  application: ApplicationsTable,
  patch: ApplicationPatch,
): Promise<AmsOperation> {
  const latest = await latestVersion(context.db, application.id);
  if (!latest) throw new HttpError(400, `Application ${application.name} has no version to update`);
  const manifest = currentManifest(application, versionManifest(latest));
  if (patch.image !== undefined) manifest.image = patch.image;
  if (patch["instance-type"] !== undefined) manifest["instance-type"] = patch["instance-type"];
  if (patch.tags !== undefined) manifest.tags = patch.tags;
  if (patch.addons !== undefined) manifest.addons = patch.addons;
  if (patch.resources !== undefined)
    manifest.resources = { ...manifest.resources, ...patch.resources };
  if (patch.node_selector !== undefined) manifest["node-selector"] = patch.node_selector;

  const makesVersion = versionMakingPatchFields.some((field) => patch[field] !== undefined);
  if (patch.boot_activity !== undefined) manifest["boot-activity"] = patch.boot_activity;
  if (patch.bootstrap !== undefined) manifest.bootstrap = patch.bootstrap;
  if (patch.features !== undefined) manifest.features = patch.features;
  if (patch.hooks !== undefined) manifest.hooks = patch.hooks;
  if (patch.manifest_version !== undefined) manifest.version = patch.manifest_version;
  if (patch.required_permissions !== undefined) {
    manifest["required-permissions"] = patch.required_permissions;
  }
  if (patch.services !== undefined) manifest.services = patch.services;
  if (patch.video_encoder !== undefined) manifest["video-encoder"] = patch.video_encoder;
  if (patch.watchdog !== undefined) manifest.watchdog = patch.watchdog;
  // The merged manifest obeys the same rules as an uploaded one (e.g. resources at least 3GB).
  const checked = parseInput(applicationManifestSchema, manifest, "application update");

  if (makesVersion) {
    const operation = await addApplicationVersion(context, application, checked, toYaml(checked), {
      type: "copy",
      fromVersion: latest.number,
    });
    if (patch.inhibit_auto_updates !== undefined) {
      await context.db
        .updateTable("applications")
        .set({ inhibit_auto_updates: patch.inhibit_auto_updates ? 1 : 0 })
        .where("id", "=", application.id)
        .execute();
    }
    return operation;
  }

  const resolved = await resolveApplicationImage(context.db, checked.image, application.vm === 1);
  const columns: Partial<ApplicationsTable> = applicationColumnsOf(checked, resolved);
  // The boot package belongs to the package: a metadata patch leaves it as it is.
  delete columns.boot_package;
  if (patch.inhibit_auto_updates !== undefined) {
    columns.inhibit_auto_updates = patch.inhibit_auto_updates ? 1 : 0;
  }
  return context.operations.start<ApplicationUpdatePayload>({
    kind: applicationUpdateOperationKind,
    description: "Updating application",
    resources: { applications: [applicationUrl(application.id)] },
    payload: { applicationId: application.id, columns },
  });
}
