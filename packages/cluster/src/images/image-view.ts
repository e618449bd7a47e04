import {
  imageStatusCodes,
  type AmsImage,
  type AmsImageVersion,
  type ImageStatus,
} from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { ImagesTable, ImageVersionsTable } from "../store/schema.ts";
import { parseStringArray } from "../store/json-column.ts";

export interface ImageView {
  image: AmsImage;
  /** For the ETag. */
  revision: number;
}

export function imageUrl(id: string): string {
  return `/1.0/images/${id}`;
}

/** Images as the API shows them (oldest first), with their versions and the applications using them. */
export async function readImageViews(
  db: ClusterDatabase,
  filter: { id?: string; type?: string } = {},
): Promise<ImageView[]> {
  let query = db.selectFrom("images").selectAll().orderBy("created_at").orderBy("id");
  if (filter.id !== undefined) query = query.where("id", "=", filter.id);
  if (filter.type !== undefined) query = query.where("type", "=", filter.type);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);

  const versions = await db
    .selectFrom("image_versions")
    .selectAll()
    .where("image_id", "in", ids)
    .orderBy("version")
    .execute();
  const users = await db
    .selectFrom("applications")
    .select(["id", "parent_image_id"])
    .where("parent_image_id", "in", ids)
    .orderBy("id")
    .execute();

  return rows.map((row) => ({
    revision: row.revision,
    image: toAmsImage(
      row,
      versions.filter((version) => version.image_id === row.id),
      users.filter((user) => user.parent_image_id === row.id).map((user) => user.id),
    ),
  }));
}

export function toAmsImage(
  row: ImagesTable,
  versions: readonly ImageVersionsTable[],
  usedBy: string[],
): AmsImage {
  const status = statusOf(row.status);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    variant: row.variant,
    architecture: row.architecture,
    capabilities: parseStringArray(row.capabilities),
    default: row.is_default === 1,
    immutable: row.immutable === 1,
    used_by: usedBy,
    status,
    status_code: imageStatusCodes[status],
    versions: versions.map(toAmsImageVersion),
  };
}

function toAmsImageVersion(row: ImageVersionsTable): AmsImageVersion {
  const status = statusOf(row.status);
  return {
    version: row.version,
    fingerprint: row.fingerprint,
    size: row.size,
    created_at: row.created_at,
    remote_id: row.remote_id,
    status,
    status_code: imageStatusCodes[status],
    error_message: row.error_message,
  };
}

function statusOf(text: string): ImageStatus {
  return Object.hasOwn(imageStatusCodes, text) ? (text as ImageStatus) : "unknown";
}
