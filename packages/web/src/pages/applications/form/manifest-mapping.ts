import { isMap, parseDocument, stringify } from "yaml";
import { customResourceType, parseByteSize, parseWholeNumber } from "@anbox-dashboard/contract";
import type { ApplicationFormValues, ManifestExtras } from "./application-form-values.ts";
import { initialResourceFormValues } from "../../../components/resources/resource-form-values.ts";

// The two-way mapping between the application form and its manifest.yaml (the manifest schema is
// `applicationManifestSchema` in the contract). A key whose value has a shape the form's field
// cannot hold (a number as the version, a text as the tags) is not lost: it stays in the extras,
// verbatim, and the manifest's check says what is wrong with it.

/** The form's fields that the manifest holds (the cluster, the type and the APK are not in it). */
export type ManifestFields = Pick<
  ApplicationFormValues,
  | "name"
  | "imageId"
  | "resourceType"
  | "resourceTypeCpu"
  | "resourceTypeGpu"
  | "resourceTypeVpu"
  | "resourceTypeMemory"
  | "versionName"
  | "bootPackage"
  | "bootActivity"
  | "tags"
  | "features"
  | "watchdogDisabled"
  | "watchdogAllowedPackages"
  | "manifestExtras"
>;

/** The items of a comma-separated list field, trimmed, empty items dropped. */
export function listOfText(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** A number when the text is a whole number, else the text (the manifest's check then says why). */
function numberOrText(text: string): number | string {
  return parseWholeNumber(text) ?? text;
}

/** The manifest the form's values make, as an object in the manifest's usual key order. */
export function manifestOfValues(values: ManifestFields): Record<string, unknown> {
  const manifest: Record<string, unknown> = { name: values.name };
  const put = (key: string, value: unknown, when: boolean) => {
    if (when) manifest[key] = value;
  };
  put("version", values.versionName, values.versionName !== "");
  put("image", values.imageId, values.imageId !== "");
  const custom = values.resourceType === customResourceType;
  put("instance-type", values.resourceType, !custom && values.resourceType !== "");
  const resources: Record<string, unknown> = custom
    ? {
        cpus: numberOrText(values.resourceTypeCpu),
        memory: `${values.resourceTypeMemory}GB`,
        "gpu-slots": numberOrText(values.resourceTypeGpu),
      }
    : {};
  if (custom && values.resourceTypeVpu !== "0") {
    resources["vpu-slots"] = numberOrText(values.resourceTypeVpu);
  }
  for (const [key, value] of values.manifestExtras.resources) resources[key] ??= value;
  put("resources", resources, Object.keys(resources).length > 0);
  put("boot-package", values.bootPackage, values.bootPackage !== "");
  put("boot-activity", values.bootActivity, values.bootActivity !== "");
  const tags = listOfText(values.tags);
  put("tags", tags, tags.length > 0);
  const features = listOfText(values.features);
  put("features", features, features.length > 0);
  const allowed = listOfText(values.watchdogAllowedPackages);
  const watchdog = {
    ...(values.watchdogDisabled ? { disabled: true } : {}),
    ...(allowed.length > 0 ? { "allowed-packages": allowed } : {}),
  };
  put("watchdog", watchdog, Object.keys(watchdog).length > 0);
  // Keys the form has no field for, and those whose value a field could not hold.
  for (const [key, value] of values.manifestExtras.topLevel) {
    if (!(key in manifest)) manifest[key] = value;
  }
  return manifest;
}

/** The manifest.yaml text the form's values make. */
export function manifestTextOf(values: ManifestFields): string {
  return stringify(manifestOfValues(values), { lineWidth: 0 });
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const emptyFields: Omit<ManifestFields, "manifestExtras"> = {
  name: "",
  imageId: "",
  ...initialResourceFormValues,
  versionName: "",
  bootPackage: "",
  bootActivity: "",
  tags: "",
  features: "",
  watchdogDisabled: false,
  watchdogAllowedPackages: "",
};

/** The custom sizes the form holds, and the other keys of `resources`, kept as they are. */
function resourceFieldsOf(
  resources: Record<string, unknown>,
  fields: Partial<ManifestFields>,
  presetNamed: boolean,
): [string, unknown][] {
  const extras: [string, unknown][] = [];
  let sized = false;
  for (const [key, value] of Object.entries(resources)) {
    const whole = typeof value === "number" && Number.isInteger(value) ? String(value) : undefined;
    const bytes = typeof value === "string" ? parseByteSize(value) : undefined;
    // With a preset named too, its sizes win: the custom ones are kept as the manifest has them.
    if (!presetNamed && key === "cpus" && whole !== undefined) fields.resourceTypeCpu = whole;
    else if (!presetNamed && key === "gpu-slots" && whole !== undefined) {
      fields.resourceTypeGpu = whole;
    } else if (!presetNamed && key === "vpu-slots" && whole !== undefined) {
      fields.resourceTypeVpu = whole;
    } else if (!presetNamed && key === "memory" && bytes !== undefined) {
      fields.resourceTypeMemory = String(bytes / 1e9);
    } else {
      extras.push([key, value]);
      continue;
    }
    sized = true;
  }
  if (sized) fields.resourceType = customResourceType;
  return extras;
}

/**
 * The form's fields a manifest (parsed YAML) means: every field the manifest holds, the others
 * emptied (a key removed from the manifest empties its field). What no field can hold is kept in
 * `manifestExtras`, in its order.
 */
export function fieldsOfManifest(manifest: unknown): ManifestFields {
  const fields: Partial<ManifestFields> = { ...emptyFields };
  const extras: ManifestExtras = { topLevel: [], resources: [] };
  const entries = isRecord(manifest) ? Object.entries(manifest) : [];
  const presetNamed = entries.some(
    ([key, value]) => key === "instance-type" && typeof value === "string",
  );
  const text = (value: unknown, set: (text: string) => void): boolean => {
    if (typeof value !== "string") return false;
    set(value);
    return true;
  };
  const list = (value: unknown, set: (text: string) => void): boolean => {
    if (!isTextList(value)) return false;
    set(value.join(", "));
    return true;
  };
  for (const [key, value] of entries) {
    let held: boolean;
    switch (key) {
      case "name":
        held = text(value, (name) => (fields.name = name));
        break;
      case "version":
        held = text(value, (version) => (fields.versionName = version));
        break;
      case "image":
        held = text(value, (image) => (fields.imageId = image));
        break;
      case "instance-type":
        held = text(value, (preset) => (fields.resourceType = preset));
        break;
      case "boot-package":
        held = text(value, (name) => (fields.bootPackage = name));
        break;
      case "boot-activity":
        held = text(value, (name) => (fields.bootActivity = name));
        break;
      case "tags":
        held = list(value, (tags) => (fields.tags = tags));
        break;
      case "features":
        held = list(value, (features) => (fields.features = features));
        break;
      case "resources":
        held = isRecord(value);
        if (isRecord(value)) extras.resources = resourceFieldsOf(value, fields, presetNamed);
        break;
      case "watchdog":
        held = isWatchdogTheFormHolds(value);
        if (isWatchdogTheFormHolds(value)) {
          fields.watchdogDisabled = value.disabled === true;
          fields.watchdogAllowedPackages = (value["allowed-packages"] ?? []).join(", ");
        }
        break;
      default:
        held = false;
    }
    if (!held) extras.topLevel.push([key, value]);
  }
  // Neither a preset nor custom sizes leaves `resourceType` "": the cluster's default preset.
  return { ...emptyFields, ...fields, manifestExtras: extras };
}

function isWatchdogTheFormHolds(
  value: unknown,
): value is { disabled?: boolean; "allowed-packages"?: string[] } {
  if (!isRecord(value)) return false;
  return Object.entries(value).every(
    ([key, item]) =>
      (key === "disabled" && typeof item === "boolean") ||
      (key === "allowed-packages" && isTextList(item)),
  );
}

/** A manifest.yaml read for the form: its fields, or why it cannot be read as YAML. */
export type ManifestReading =
  { ok: true; fields: ManifestFields; manifest: unknown } | { ok: false; error: string };

/** Reads a manifest.yaml's text into the form's fields (`fieldsOfManifest`). */
export function readManifestText(text: string): ManifestReading {
  const document = parseDocument(text);
  const [first] = document.errors;
  if (first !== undefined) return { ok: false, error: first.message };
  const manifest: unknown = document.toJS();
  if (manifest !== null && manifest !== undefined && !isMap(document.contents)) {
    return { ok: false, error: "The manifest must be a mapping of keys to values." };
  }
  return { ok: true, fields: fieldsOfManifest(manifest ?? {}), manifest };
}
