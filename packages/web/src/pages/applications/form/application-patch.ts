import type { ApplicationPatch } from "@anbox-dashboard/contract";
import type { ApplicationFormValues } from "./application-form-values.ts";
import { manifestOfValues } from "./manifest-mapping.ts";

/** The manifest keys a `PATCH /api/applications/{id}` changes, and the patch's name of each. */
const patchKeyOfManifestKey: Record<string, keyof ApplicationPatch | undefined> = {
  version: "manifest_version",
  image: "image",
  "instance-type": "instance-type",
  resources: "resources",
  "boot-activity": "boot_activity",
  tags: "tags",
  features: "features",
  watchdog: "watchdog",
  addons: "addons",
  "required-permissions": "required_permissions",
  "video-encoder": "video_encoder",
  services: "services",
  hooks: "hooks",
  bootstrap: "bootstrap",
  "node-selector": "node_selector",
};

/** Keys a patch may not empty: the cluster then keeps what it has (its default image, preset). */
const keptWhenRemoved = new Set(["image", "instance-type"]);

/** The value that empties a key removed from the manifest: an empty list, text or mapping. */
function emptied(before: unknown): unknown {
  if (Array.isArray(before)) return [];
  if (typeof before === "string") return "";
  if (typeof before === "boolean") return false;
  return {};
}

/** What changing the application needs: a patch, or what only a new version can change. */
export type ApplicationChange =
  | { kind: "patch"; patch: ApplicationPatch }
  | { kind: "nothing" }
  /** Manifest keys changed that no patch can change (boot-package, extra-data…). */
  | { kind: "needs-version"; keys: string[] };

/**
 * The changes from the application as it is (`before`, the form filled in from it) to the form's
 * values, as the patch the cluster takes (`applicationPatchSchema`): only the changed keys.
 */
export function applicationChange(
  before: ApplicationFormValues,
  after: ApplicationFormValues,
): ApplicationChange {
  const old = manifestOfValues(before);
  const next = manifestOfValues(after);
  const patch: Record<string, unknown> = {};
  const needsVersion: string[] = [];
  for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
    if (key === "name" || JSON.stringify(old[key]) === JSON.stringify(next[key])) continue;
    const patchKey = patchKeyOfManifestKey[key];
    if (patchKey === undefined) {
      needsVersion.push(key);
      continue;
    }
    if (key in next) patch[patchKey] = next[key];
    else if (!keptWhenRemoved.has(key)) patch[patchKey] = emptied(old[key]);
  }
  if (needsVersion.length > 0) return { kind: "needs-version", keys: needsVersion };
  if (before.inhibitAutoUpdates !== after.inhibitAutoUpdates) {
    patch.inhibit_auto_updates = after.inhibitAutoUpdates;
  }
  if (Object.keys(patch).length === 0) return { kind: "nothing" };
  // The manifest's rules (checked by the form) are the patch's for these keys.
  return { kind: "patch", patch };
}
