import type { AmsOperation } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import type { ApplicationsTable } from "../store/schema.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { countApplicationInstances, findVersion } from "./application-store.ts";
import { removeApplicationFiles, removeVersionFiles } from "./package-files.ts";
import {
  applicationUrl,
  publishApplicationEvent,
  refreshApplicationStatus,
  setVersionPublished,
} from "./application-state.ts";

export const deleteApplicationsOperationKind = "application-delete";
export const deleteVersionOperationKind = "application-version-delete";
export const publishVersionOperationKind = "application-version-publish";

interface DeleteApplicationsPayload {
  ids: string[];
}
interface VersionPayload {
  applicationId: string;
  version: number;
}
interface PublishPayload extends VersionPayload {
  published: boolean;
}

/** Registers the delete and publish operations. Each is idempotent, so a restart resumes it. */
export function registerApplicationRemovalOperations(context: ClusterContext): void {
  const { db, options, operations } = context;
  operations.registerKind<DeleteApplicationsPayload>(deleteApplicationsOperationKind, {
    onRestart: "resume",
    run: async ({ ids }) => {
      for (const id of ids) {
        // Versions go with their application (foreign key cascade); delete them first anyway so
        // that a database without enforced foreign keys is left clean too.
        await db.transaction().execute(async (tx) => {
          await tx.deleteFrom("application_versions").where("application_id", "=", id).execute();
          await tx.deleteFrom("applications").where("id", "=", id).execute();
        });
        await removeApplicationFiles(options.dataDir, id);
        publishApplicationEvent(context, "application-deleted", id);
      }
      return {};
    },
  });
  operations.registerKind<VersionPayload>(deleteVersionOperationKind, {
    onRestart: "resume",
    run: async ({ applicationId, version }) => {
      await db
        .deleteFrom("application_versions")
        .where("application_id", "=", applicationId)
        .where("number", "=", version)
        .execute();
      await removeVersionFiles(options.dataDir, applicationId, version);
      await refreshApplicationStatus(db, applicationId);
      publishApplicationEvent(context, "application-updated", applicationId, {
        version,
        deleted: true,
      });
      return {};
    },
  });
  operations.registerKind<PublishPayload>(publishVersionOperationKind, {
    onRestart: "resume",
    run: async ({ applicationId, version, published }) => {
      await setVersionPublished(db, applicationId, version, published);
      publishApplicationEvent(context, "application-updated", applicationId, {
        version,
        published,
      });
      return {};
    },
  });
}

/** Refuses (400) to remove what instances still use, unless forced. */
async function refuseIfInUse(
  context: ClusterContext,
  application: ApplicationsTable,
  force: boolean,
  version?: number,
): Promise<void> {
  if (force) return;
  const count = await countApplicationInstances(context.db, application.id, version);
  if (count === 0) return;
  const what =
    version === undefined
      ? `Application ${application.name}`
      : `Version ${version} of application ${application.name}`;
  throw new HttpError(
    400,
    `${what} is used by ${count} instance${count === 1 ? "" : "s"}; delete ${count === 1 ? "it" : "them"} first or force the deletion`,
  );
}

/** `DELETE /1.0/applications/{id}` and the bulk `DELETE /1.0/applications`. */
export async function deleteApplications(
  context: ClusterContext,
  applications: readonly ApplicationsTable[],
  force: boolean,
): Promise<AmsOperation> {
  for (const application of applications) await refuseIfInUse(context, application, force);
  const ids = applications.map((application) => application.id);
  return context.operations.start<DeleteApplicationsPayload>({
    kind: deleteApplicationsOperationKind,
    description: ids.length === 1 ? "Deleting application" : "Deleting applications",
    resources: { applications: ids.map(applicationUrl) },
    payload: { ids },
  });
}

/** `DELETE /1.0/applications/{id}/{version}`: not the only version, not one in use unless forced. */
export async function deleteApplicationVersion(
  context: ClusterContext,
  application: ApplicationsTable,
  version: number,
  force: boolean,
): Promise<AmsOperation> {
  if (!(await findVersion(context.db, application.id, version))) {
    throw new HttpError(404, `Application ${application.name} has no version ${version}`);
  }
  const others = await context.db
    .selectFrom("application_versions")
    .select("number")
    .where("application_id", "=", application.id)
    .where("number", "!=", version)
    .executeTakeFirst();
  if (!others) {
    throw new HttpError(
      400,
      `Version ${version} is the only version of application ${application.name}; delete the application instead`,
    );
  }
  await refuseIfInUse(context, application, force, version);
  return context.operations.start<VersionPayload>({
    kind: deleteVersionOperationKind,
    description: "Deleting application version",
    resources: { applications: [applicationUrl(application.id)] },
    payload: { applicationId: application.id, version },
  });
}

/** `PATCH /1.0/applications/{id}/{version}` `{published}`: only a ready (active) version is published. */
export async function publishApplicationVersion(
  context: ClusterContext,
  application: ApplicationsTable,
  version: number,
  published: boolean,
): Promise<AmsOperation> {
  const row = await findVersion(context.db, application.id, version);
  if (!row) throw new HttpError(404, `Application ${application.name} has no version ${version}`);
  if (published && row.status !== "active") {
    throw new HttpError(
      400,
      `Version ${version} of application ${application.name} is ${row.status}; only a ready version can be published`,
    );
  }
  return context.operations.start<PublishPayload>({
    kind: publishVersionOperationKind,
    description: published ? "Publishing application version" : "Revoking application version",
    resources: { applications: [applicationUrl(application.id)] },
    payload: { applicationId: application.id, version, published },
  });
}
