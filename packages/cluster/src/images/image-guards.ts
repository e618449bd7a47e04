import type { Kysely } from "kysely";
import type { ClusterSchema, ImagesTable } from "../store/schema.ts";

type Db = Kysely<ClusterSchema>;

/**
 * Why an image cannot be deleted now, or undefined when it can: the default image of its type
 * (another must become the default first) and images that applications or live instances are
 * built on are kept.
 */
export async function whyImageIsKept(db: Db, image: ImagesTable): Promise<string | undefined> {
  if (image.is_default === 1) {
    return `Image ${image.name} (${image.type}) is the default ${image.type} image and cannot be deleted: make another ${image.type} image the default first`;
  }
  const applications = await db
    .selectFrom("applications")
    .select("name")
    .where("parent_image_id", "=", image.id)
    .orderBy("name")
    .execute();
  if (applications.length > 0) {
    const names = applications.map((application) => application.name).join(", ");
    return `Image ${image.name} (${image.type}) cannot be deleted: it is used by the applications ${names}`;
  }
  const instances = await countLiveInstances(db, image.id);
  if (instances > 0) {
    return `Image ${image.name} (${image.type}) cannot be deleted: ${instancesPhrase(instances)} using it`;
  }
  return undefined;
}

/** Why one version of an image cannot be deleted now, or undefined when it can. */
export async function whyImageVersionIsKept(
  db: Db,
  image: ImagesTable,
  version: number,
): Promise<string | undefined> {
  const versions = await db
    .selectFrom("image_versions")
    .select("version")
    .where("image_id", "=", image.id)
    .execute();
  if (versions.length <= 1) {
    return `Version ${version} is the only version of image ${image.name} (${image.type}): delete the image instead`;
  }
  const instances = await countLiveInstances(db, image.id, version);
  if (instances > 0) {
    return `Version ${version} of image ${image.name} (${image.type}) cannot be deleted: ${instancesPhrase(instances)} using it`;
  }
  return undefined;
}

async function countLiveInstances(db: Db, imageId: string, version?: number): Promise<number> {
  let query = db
    .selectFrom("instances")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("image_id", "=", imageId)
    .where("status", "!=", "deleted");
  if (version !== undefined) query = query.where("image_version", "=", version);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

function instancesPhrase(count: number): string {
  return count === 1 ? "1 instance is" : `${count} instances are`;
}
