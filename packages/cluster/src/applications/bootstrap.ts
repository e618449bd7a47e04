import { rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { ClusterContext } from "../context.ts";
import { OperationError, type OperationContext } from "../operations/operation-manager.ts";
import { unpackArchiveTo } from "../archive/read-archive.ts";
import { packageLimits } from "./package-limits.ts";
import { apkFileName, manifestFileName } from "./read-package.ts";
import {
  checkApk,
  copyVersionFiles,
  removeApplicationFiles,
  uploadFilePath,
  versionPackagePath,
} from "./package-files.ts";
import { findApplication, findVersion } from "./application-store.ts";
import { readAutoPublish } from "./application-settings.ts";
import {
  publishApplicationEvent,
  refreshApplicationStatus,
  setVersionPublished,
} from "./application-state.ts";

export const bootstrapOperationKind = "application-bootstrap";

/** What a bootstrap installs: an uploaded package, or the files of an earlier version (a metadata patch). */
export interface BootstrapPayload {
  applicationId: string;
  version: number;
  source: { type: "upload" } | { type: "copy"; fromVersion: number };
}

/**
 * Registers the bootstrap. It stands for AMS's temporary base instance: it unpacks the package
 * into `<dataDir>/applications/<id>/<version>/`, checks the APK, waits a few boot steps, and ends
 * the version `active` (published when `application.auto_publish`) or `error` with a message.
 * It only (re)writes the version's own directory, so a restart can safely run it again.
 */
export function registerBootstrapOperation(context: ClusterContext): void {
  context.operations.registerKind<BootstrapPayload>(bootstrapOperationKind, {
    onRestart: "resume",
    run: (payload, operation) => runBootstrap(context, payload, operation),
  });
}

async function runBootstrap(
  context: ClusterContext,
  payload: BootstrapPayload,
  operation: OperationContext,
): Promise<unknown> {
  const { db, options } = context;
  const { applicationId, version } = payload;
  const row = await findVersion(db, applicationId, version);
  // Deleted meanwhile, or already finished by a run before a restart: nothing left to do.
  if (row?.status !== "initializing") return { status: row?.status ?? "deleted" };

  const step = async (): Promise<void> => {
    if (options.bootStepDelayMs > 0) {
      await sleep(options.bootStepDelayMs, undefined, { signal: operation.signal });
    }
    operation.signal.throwIfAborted();
  };

  const directory = join(options.dataDir, versionPackagePath(applicationId, version));
  let problem: string | undefined;
  try {
    await step();
    if (payload.source.type === "upload") {
      // Streamed from the kept upload into the version's directory, a chunk at a time.
      await rm(directory, { recursive: true, force: true });
      await unpackArchiveTo(
        uploadFilePath(options.dataDir, applicationId, version),
        directory,
        packageLimits,
      );
    } else {
      const from = join(
        options.dataDir,
        versionPackagePath(applicationId, payload.source.fromVersion),
      );
      await copyVersionFiles(from, directory);
      // The manifest of the new version is the patched one.
      await writeFile(join(directory, manifestFileName), row.manifest_text);
    }
    await step();
    const apk = join(directory, apkFileName);
    if (await exists(apk)) problem = checkApk(apk);
    await step();
  } catch (error) {
    if (operation.signal.aborted) throw error;
    problem = `Bootstrap failed: ${error instanceof Error ? error.message : String(error)}`;
    // What was unpacked before the failure is of no use to anyone.
    await rm(directory, { recursive: true, force: true });
  }

  const finished = await db
    .updateTable("application_versions")
    .set({ status: problem === undefined ? "active" : "error", error_message: problem ?? "" })
    .where("application_id", "=", applicationId)
    .where("number", "=", version)
    .where("status", "=", "initializing")
    .executeTakeFirst();
  if (Number(finished.numUpdatedRows) === 0) {
    // The application or version was deleted during the bootstrap: leave no files behind.
    await rm(directory, { recursive: true, force: true });
    if (!(await findApplication(db, applicationId))) {
      await removeApplicationFiles(options.dataDir, applicationId);
    }
    return { status: "deleted" };
  }
  await rm(uploadFilePath(options.dataDir, applicationId, version), { force: true });
  if (problem === undefined && (await readAutoPublish(db))) {
    await setVersionPublished(db, applicationId, version, true);
  }
  await refreshApplicationStatus(db, applicationId);
  publishApplicationEvent(context, "application-updated", applicationId, {
    version,
    status: problem === undefined ? "ready" : "error",
  });
  if (problem !== undefined) throw new OperationError(problem);
  return { version, status: "active" };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
