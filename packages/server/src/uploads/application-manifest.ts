import { parse as parseYaml, YAMLParseError } from "yaml";
import { applicationManifestSchema, type ApplicationManifest } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../input/parse-input.ts";

/**
 * Reads and checks an upload's `manifest` field with the contract's manifest schema, as the
 * cluster will: a bad manifest is a 400 that names each bad key before a byte of the APK is read,
 * rather than after the whole file went to the cluster.
 */
export function readManifestField(text: string): ApplicationManifest {
  let document: unknown;
  try {
    // Aliases bounded: a YAML "billion laughs" is refused rather than expanded.
    document = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    const detail = error instanceof YAMLParseError ? error.message.split("\n")[0] : "unreadable";
    throw new HttpError(400, `Invalid manifest.yaml: not valid YAML (${detail ?? "unreadable"})`);
  }
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new HttpError(400, "Invalid manifest.yaml: it must be a map of keys (name, image, ...)");
  }
  return parseInput(applicationManifestSchema, document, "manifest.yaml");
}
