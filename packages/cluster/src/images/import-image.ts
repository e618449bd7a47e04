import { createHash } from "node:crypto";
import type { ImageType } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import { newId } from "../store/ids.ts";
import { providedImages, type ProvidedImage } from "../seed/provided-images.ts";

/**
 * The image server's entry for `name`: of `type` when given, else the container image, else the
 * VM image of that name.
 */
export function findProvidedImage(name: string, type?: ImageType): ProvidedImage | undefined {
  const candidates = providedImages.filter(
    (image) => image.name === name && (type === undefined || image.type === type),
  );
  return candidates.find((image) => image.type === "container") ?? candidates[0];
}

export function providedImageList(): string {
  return providedImages.map((image) => `${image.name} (${image.type})`).join(", ");
}

/** The fingerprint of a provided image version: stable, so re-imports and the seed agree. */
export function providedImageFingerprint(image: ProvidedImage, version: number): string {
  return createHash("sha256").update(`${image.name}/${image.type}/${version}`).digest("hex");
}

/** Where an image's first version stands when it is written. */
export interface NewImageState {
  isDefault: boolean;
  status: "initializing" | "active";
  now: number;
  /** How many versions to write (0, 1, … each a month after the one before); 1 when absent. */
  versions?: number;
}

const versionIntervalSeconds = 30 * 24 * 3600;
const versionSizeStep = 10_000_000;

/** Writes a provided image and its versions: shared by the first-start seed and by imports. */
export async function insertProvidedImage(
  tx: ClusterDatabase,
  image: ProvidedImage,
  state: NewImageState,
): Promise<string> {
  const id = newId();
  await tx
    .insertInto("images")
    .values({
      id,
      name: image.name,
      type: image.type,
      variant: image.variant,
      architecture: image.architecture,
      capabilities: JSON.stringify(image.capabilities),
      is_default: state.isDefault ? 1 : 0,
      immutable: 1,
      status: state.status,
      created_at: state.now,
      revision: 1,
    })
    .execute();
  const count = Math.max(1, state.versions ?? 1);
  await tx
    .insertInto("image_versions")
    .values(
      Array.from({ length: count }, (_, version) => {
        // The newest version is written now, with the image's own size; older ones before it.
        const age = count - 1 - version;
        return {
          image_id: id,
          version,
          fingerprint: providedImageFingerprint(image, version),
          size: image.size - age * versionSizeStep,
          remote_id: "1.30.0",
          status: state.status,
          error_message: "",
          created_at: state.now - age * versionIntervalSeconds,
        };
      }),
    )
    .execute();
  return id;
}

/**
 * Records an image being imported (status `initializing`, one version). It is the default at once
 * when it is the only image of its type, so that every type with images always has a default.
 * Undefined when an image of that name and type exists already.
 */
export async function insertImportedImage(
  db: ClusterDatabase,
  image: ProvidedImage,
): Promise<string | undefined> {
  const now = Math.floor(Date.now() / 1000);
  return db.transaction().execute(async (tx) => {
    const sameType = await tx
      .selectFrom("images")
      .select("name")
      .where("type", "=", image.type)
      .execute();
    if (sameType.some((existing) => existing.name === image.name)) return undefined;
    return insertProvidedImage(tx, image, {
      isDefault: sameType.length === 0,
      status: "initializing",
      now,
    });
  });
}
