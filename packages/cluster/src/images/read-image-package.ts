import { parse as parseYaml } from "yaml";
import { HttpError } from "@anbox-dashboard/http-kit";
import { inspectArchive } from "../archive/read-archive.ts";
import { imagePackageLimits } from "./image-package-limits.ts";

/** What an image package tells about its image (its top-level `metadata.yaml`). */
export interface ImagePackageMetadata {
  /** As the cluster stores architectures: x86_64 or aarch64. */
  architecture: string;
  variant: "android" | "aaos";
}

const metadataFileName = "metadata.yaml";

/** Architectures a package may name, mapped to the names images are stored with. */
const architectures: Record<string, string> = {
  x86_64: "x86_64",
  amd64: "x86_64",
  aarch64: "aarch64",
  arm64: "aarch64",
};

function invalid(reason: string): HttpError {
  return new HttpError(400, `Invalid image package: ${reason}`);
}

/**
 * Checks the image package at `path`: an archive the application packages' reader takes (a
 * tarball, plain or gzip- or bzip2-compressed, or a zip), read whole in its worker within the
 * image packages' budgets (`image-package-limits.ts`), with a top-level `metadata.yaml` naming a
 * known architecture. Read from the file by offset, so a package of any size takes a few chunks
 * of memory. A 400 names what is wrong.
 */
export async function readImagePackage(path: string): Promise<ImagePackageMetadata> {
  const { files } = await inspectArchive(
    path,
    { paths: [metadataFileName], maxBytes: imagePackageLimits.maxMetadataBytes },
    imagePackageLimits,
  );
  const data = files.get(metadataFileName);
  if (data === undefined) throw invalid(`it has no ${metadataFileName} at its top level`);
  let document: unknown;
  try {
    document = parseYaml(data.toString("utf8"), { maxAliasCount: 100 });
  } catch {
    throw invalid(`${metadataFileName} is not valid YAML`);
  }
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw invalid(`${metadataFileName} must be a map of keys (architecture, ...)`);
  }
  const fields = document as Record<string, unknown>;
  const named = fields.architecture;
  const architecture = typeof named === "string" ? architectures[named] : undefined;
  if (architecture === undefined) {
    throw invalid(
      `${metadataFileName}: architecture must be one of ${Object.keys(architectures).join(", ")}${
        named === undefined ? " (it is missing)" : `, not ${JSON.stringify(named)}`
      }`,
    );
  }
  return { architecture, variant: fields.variant === "aaos" ? "aaos" : "android" };
}
