import type { ClusterDatabase } from "../store/database.ts";
import { readSetting } from "../settings/read-setting.ts";

/** `application.auto_publish`: publish a version as soon as its bootstrap succeeds (default true). */
export async function readAutoPublish(db: ClusterDatabase): Promise<boolean> {
  return readSetting(db, "application.auto_publish");
}

/**
 * `application.max_published_versions`: how many versions stay published; publishing another
 * revokes the oldest. 0: no limit.
 */
export async function readMaxPublishedVersions(db: ClusterDatabase): Promise<number> {
  return readSetting(db, "application.max_published_versions");
}
