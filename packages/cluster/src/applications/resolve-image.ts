import type { ClusterDatabase } from "../store/database.ts";
import type { ImagesTable } from "../store/schema.ts";
import { HttpError } from "@anbox-dashboard/http-kit";

export interface ResolvedImage {
  image: ImagesTable;
  /** The image's newest version, which a new application version is built on. */
  version: number;
}

/**
 * The image an application is built on: `reference` is an image name or id (of the application's
 * type, container or VM); empty means the default image of that type. 400 when there is none.
 */
export async function resolveApplicationImage(
  db: ClusterDatabase,
  reference: string | undefined,
  vm: boolean,
): Promise<ResolvedImage> {
  const type = vm ? "vm" : "container";
  let query = db.selectFrom("images").selectAll().where("type", "=", type);
  query =
    reference === undefined || reference === ""
      ? query.where("is_default", "=", 1)
      : query.where((eb) => eb.or([eb("id", "=", reference), eb("name", "=", reference)]));
  const image = await query.executeTakeFirst();
  if (!image) {
    throw new HttpError(
      400,
      reference === undefined || reference === ""
        ? `Invalid manifest.yaml: image: no image given and there is no default ${type} image`
        : `Invalid manifest.yaml: image: no ${type} image named or with id "${reference}"`,
    );
  }
  const latest = await db
    .selectFrom("image_versions")
    .select("version")
    .where("image_id", "=", image.id)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return { image, version: latest?.version ?? 0 };
}

/** AMS names ABIs as Android does. */
export function abiOfArchitecture(architecture: string): string {
  if (architecture === "aarch64" || architecture === "arm64") return "arm64-v8a";
  return architecture;
}
