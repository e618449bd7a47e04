import { parse as parseYaml, YAMLParseError } from "yaml";
import { applicationManifestSchema, type ApplicationManifest } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../http/validate.ts";
import { inspectArchive } from "../archive/read-archive.ts";
import { packageLimits, type PackageLimits } from "./package-limits.ts";

/** An application package, read and checked: what a bootstrap installs. */
export interface ApplicationPackage {
  manifest: ApplicationManifest;
  /** `manifest.yaml` as uploaded. */
  manifestText: string;
  /** The path of every file of the package (manifest, `app.apk`, `extra-data/...`). */
  paths: string[];
  hasApk: boolean;
}

export const manifestFileName = "manifest.yaml";
export const apkFileName = "app.apk";
export const extraDataDirectory = "extra-data";

/**
 * Reads an uploaded package, the file at `path`: a zip or a tarball holding `manifest.yaml`,
 * and optionally `app.apk` and `extra-data/`. Refuses (4xx, naming the problem) a damaged or
 * unsafe archive, a missing or invalid manifest and unexpected files. The whole archive is
 * unpacked and checked (in a worker, streamed from the file), but only the manifest's bytes are
 * kept: the bootstrap unpacks the files.
 */
export async function readApplicationPackage(
  path: string,
  limits: PackageLimits = packageLimits,
): Promise<ApplicationPackage> {
  const { paths, files } = await inspectArchive(
    path,
    { paths: [manifestFileName], maxBytes: limits.maxManifestBytes },
    limits,
  );
  const unexpected = paths.filter(
    (entry) =>
      entry !== manifestFileName &&
      entry !== apkFileName &&
      !entry.startsWith(`${extraDataDirectory}/`),
  );
  if (unexpected.length > 0) {
    throw new HttpError(
      400,
      `Invalid package: unexpected ${unexpected.length === 1 ? "file" : "files"} ${unexpected
        .slice(0, 5)
        .map((entry) => `"${entry}"`)
        .join(", ")}; a package holds manifest.yaml, app.apk and extra-data/ only`,
    );
  }
  const manifestData = files.get(manifestFileName);
  if (!manifestData) {
    throw new HttpError(400, "Invalid package: it has no manifest.yaml at its top level");
  }
  const manifestText = manifestData.toString("utf8");
  const manifest = parseManifest(manifestText);
  return {
    manifest,
    manifestText,
    paths,
    hasApk: paths.includes(apkFileName),
  };
}

/** Parses and validates `manifest.yaml`, answering 400 with each bad key named. */
export function parseManifest(text: string): ApplicationManifest {
  let document: unknown;
  try {
    // No aliases expansion beyond a small budget: a YAML "billion laughs" is refused too.
    document = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    const detail = error instanceof YAMLParseError ? error.message.split("\n")[0] : "unreadable";
    throw new HttpError(400, `Invalid manifest.yaml: not valid YAML (${detail})`);
  }
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new HttpError(400, "Invalid manifest.yaml: it must be a map of keys (name, image, ...)");
  }
  return parseInput(applicationManifestSchema, document, "manifest.yaml");
}
