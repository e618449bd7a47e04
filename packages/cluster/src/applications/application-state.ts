import type { ClusterContext } from "../context.ts";
import type { ClusterDatabase } from "../store/database.ts";
import { applicationStatusOf, latestVersion } from "./application-store.ts";
import { readMaxPublishedVersions } from "./application-settings.ts";

/** The URL of an application, as operations and events name it. */
export function applicationUrl(id: string): string {
  return `/1.0/applications/${id}`;
}

/** Makes the application's status mirror its latest version's, and counts the change (ETag). */
export async function refreshApplicationStatus(
  db: ClusterDatabase,
  applicationId: string,
): Promise<void> {
  const latest = await latestVersion(db, applicationId);
  await db
    .updateTable("applications")
    .set((eb) => ({
      status: latest ? applicationStatusOf(latest.status) : "unknown",
      revision: eb("revision", "+", 1),
    }))
    .where("id", "=", applicationId)
    .execute();
}

/**
 * Publishes or revokes a version. With `application.max_published_versions` set, publishing one
 * revokes the oldest published versions past the limit.
 */
export async function setVersionPublished(
  db: ClusterDatabase,
  applicationId: string,
  number: number,
  published: boolean,
): Promise<void> {
  await db
    .updateTable("application_versions")
    .set({ published: published ? 1 : 0 })
    .where("application_id", "=", applicationId)
    .where("number", "=", number)
    .execute();
  const max = published ? await readMaxPublishedVersions(db) : 0;
  if (max > 0) {
    const keep = await db
      .selectFrom("application_versions")
      .select("number")
      .where("application_id", "=", applicationId)
      .where("published", "=", 1)
      .orderBy("number", "desc")
      .limit(max)
      .execute();
    await db
      .updateTable("application_versions")
      .set({ published: 0 })
      .where("application_id", "=", applicationId)
      .where("published", "=", 1)
      .where(
        "number",
        "not in",
        keep.map((row) => row.number),
      )
      .execute();
  }
  await db
    .updateTable("applications")
    .set((eb) => ({ revision: eb("revision", "+", 1) }))
    .where("id", "=", applicationId)
    .execute();
}

export function publishApplicationEvent(
  context: ClusterContext,
  action: "application-created" | "application-updated" | "application-deleted",
  applicationId: string,
  extra?: Record<string, unknown>,
): void {
  context.events.publish({
    type: "lifecycle",
    metadata: {
      action,
      source: applicationUrl(applicationId),
      ...(extra ? { context: extra } : {}),
    },
  });
}
