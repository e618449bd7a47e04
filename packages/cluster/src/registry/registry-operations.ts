import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { zipSync } from "fflate";
import type { AmsOperation } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import type { ApplicationsTable } from "../store/schema.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseStringArray } from "../store/json-column.ts";
import {
  findApplication,
  findLaunchableVersion,
  findVersion,
} from "../applications/application-store.ts";
import { readApplicationPackage } from "../applications/read-package.ts";
import { receiveFileCopy } from "../http/receive-upload.ts";
import { addApplicationVersion, createApplication } from "../applications/create-version.ts";
import { applicationUrl } from "../applications/application-state.ts";
import {
  findRegistryApplication,
  latestRegistryPackagePath,
  registryRoot,
  removeRegistryApplication,
  writeRegistryVersion,
} from "./registry-store.ts";

export const registryPushOperationKind = "registry-push";
export const registryDeleteOperationKind = "registry-delete";

interface PushPayload {
  applicationId: string;
  version: number;
  root: string;
}
interface DeletePayload {
  name: string;
  root: string;
}

/** Every file under a directory, as zip entries named relative to it. */
async function zipDirectory(directory: string): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(directory, path)] = await readFile(path);
  }
  return Buffer.from(zipSync(files));
}

/** Registers push and delete; both rewrite or remove whole files, so a restart resumes them. */
export function registerRegistryOperations(context: ClusterContext): void {
  context.operations.registerKind<PushPayload>(registryPushOperationKind, {
    onRestart: "resume",
    run: async ({ applicationId, version, root }) => {
      const application = await findApplication(context.db, applicationId);
      const row = application && (await findVersion(context.db, application.id, version));
      if (!application || !row) return { pushed: false };
      const archive = await zipDirectory(join(context.options.dataDir, row.package_path));
      await writeRegistryVersion(
        root,
        {
          id: application.id,
          name: application.name,
          architectures: [application.abi],
          boot_package: application.boot_package,
          instance_type: application.instance_type,
          tags: parseStringArray(application.tags),
          vm: application.vm === 1,
        },
        { number: row.number, manifest_version: row.manifest_version, created_at: row.created_at },
        archive,
      );
      return { pushed: true, version };
    },
  });
  context.operations.registerKind<DeletePayload>(registryDeleteOperationKind, {
    onRestart: "resume",
    run: async ({ name, root }) => {
      await removeRegistryApplication(root, name);
      return {};
    },
  });
}

/** `POST /1.0/registry/applications/push {id}`: the application's newest published version. */
export async function pushToRegistry(
  context: ClusterContext,
  application: ApplicationsTable,
): Promise<AmsOperation> {
  const version = await findLaunchableVersion(context.db, application.id);
  if (!version) {
    throw new HttpError(400, `Application ${application.name} has no published version to push`);
  }
  const root = await registryRoot(context);
  return context.operations.start<PushPayload>({
    kind: registryPushOperationKind,
    description: "Pushing application to the registry",
    resources: { applications: [applicationUrl(application.id)] },
    payload: { applicationId: application.id, version: version.number, root },
  });
}

/**
 * `POST /1.0/registry/applications/pull {id}`: creates the application here from the registry's
 * newest version, or adds it as a new version when an application of that name exists. The
 * package is checked exactly as an upload is.
 */
export async function pullFromRegistry(
  context: ClusterContext,
  idOrName: string,
): Promise<AmsOperation> {
  const root = await registryRoot(context);
  const entry = await findRegistryApplication(root, idOrName);
  if (!entry) throw new HttpError(404, `Registry application ${idOrName} not found`);
  const upload = await receiveFileCopy(
    latestRegistryPackagePath(root, entry),
    context.options.dataDir,
  );
  try {
    const pkg = await readApplicationPackage(upload.path);
    const local = await findApplication(context.db, entry.name);
    if (local) {
      return await addApplicationVersion(
        context,
        local,
        pkg.manifest,
        pkg.manifestText,
        { type: "upload" },
        upload,
      );
    }
    return await createApplication(context, pkg, upload, entry.vm);
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** `DELETE /1.0/registry/applications/{id}`. */
export async function deleteFromRegistry(
  context: ClusterContext,
  idOrName: string,
): Promise<AmsOperation> {
  const root = await registryRoot(context);
  const entry = await findRegistryApplication(root, idOrName);
  if (!entry) throw new HttpError(404, `Registry application ${idOrName} not found`);
  return context.operations.start<DeletePayload>({
    kind: registryDeleteOperationKind,
    description: "Deleting application from the registry",
    resources: {},
    payload: { name: entry.name, root },
  });
}
