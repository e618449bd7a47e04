import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  fieldsOfManifest,
  manifestOfValues,
  manifestTextOf,
  readManifestText,
  type ManifestFields,
} from "./manifest-mapping.ts";
import { initialApplicationFormValues, noManifestExtras } from "./application-form-values.ts";

const filled: ManifestFields = {
  name: "com.example.game",
  versionName: "1.2.0",
  imageId: "jammy:android14:arm64",
  resourceType: "custom",
  resourceTypeCpu: "4",
  resourceTypeGpu: "1",
  resourceTypeVpu: "0",
  resourceTypeMemory: "8",
  bootPackage: "com.example.game",
  bootActivity: ".MainActivity",
  tags: "app_type_automotive, beta",
  features: "enable_virtual_keyboard",
  watchdogDisabled: true,
  watchdogAllowedPackages: "com.android.settings",
  manifestExtras: noManifestExtras,
};

describe("form values → manifest", () => {
  it("writes each field under its manifest key, lists as lists, custom sizes as resources", () => {
    expect(parse(manifestTextOf(filled))).toEqual({
      name: "com.example.game",
      version: "1.2.0",
      image: "jammy:android14:arm64",
      resources: { cpus: 4, memory: "8GB", "gpu-slots": 1 },
      "boot-package": "com.example.game",
      "boot-activity": ".MainActivity",
      tags: ["app_type_automotive", "beta"],
      features: ["enable_virtual_keyboard"],
      watchdog: { disabled: true, "allowed-packages": ["com.android.settings"] },
    });
  });

  it("names a preset, and leaves out what is empty (the default image, no tags)", () => {
    expect(manifestOfValues({ ...initialApplicationFormValues, name: "app" })).toEqual({
      name: "app",
      "instance-type": "a2.3",
    });
    expect(
      manifestOfValues({ ...initialApplicationFormValues, name: "app", resourceType: "" }),
    ).toEqual({ name: "app" });
  });

  it("keeps a size that is not a number as typed, for the manifest check to refuse", () => {
    expect(manifestOfValues({ ...filled, resourceTypeCpu: "four" }).resources).toMatchObject({
      cpus: "four",
    });
  });
});

describe("manifest → form values", () => {
  it("reads back what the form wrote", () => {
    const reading = readManifestText(manifestTextOf(filled));
    expect(reading).toMatchObject({ ok: true });
    if (!reading.ok) return;
    expect(reading.fields).toEqual(filled);
  });

  it("follows edits made to the text", () => {
    const edited = manifestTextOf(filled)
      .replace("version: 1.2.0", "version: 2.0.0")
      .replace("- beta", "- stable");
    const reading = readManifestText(edited);
    expect(reading.ok && reading.fields).toMatchObject({
      versionName: "2.0.0",
      tags: "app_type_automotive, stable",
    });
  });

  it("empties the field of a key removed from the text", () => {
    const reading = readManifestText("name: app\ninstance-type: g4.3\n");
    expect(reading.ok && reading.fields).toMatchObject({
      name: "app",
      resourceType: "g4.3",
      bootPackage: "",
      tags: "",
      watchdogDisabled: false,
    });
  });

  it("keeps keys the form has no field for, and writes them back in their order", () => {
    const text = [
      "name: app",
      "video-encoder: software",
      "services:",
      "  - port: 5559",
      "    protocols: [tcp]",
      "resources:",
      "  cpus: 2",
      "  disk-size: 8GB",
      "my-own-key: 42",
      "",
    ].join("\n");
    const reading = readManifestText(text);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.fields.resourceType).toBe("custom");
    expect(reading.fields.manifestExtras.topLevel.map(([key]) => key)).toEqual([
      "video-encoder",
      "services",
      "my-own-key",
    ]);
    const written = manifestOfValues(reading.fields);
    expect(written).toMatchObject({
      "video-encoder": "software",
      services: [{ port: 5559, protocols: ["tcp"] }],
      "my-own-key": 42,
      resources: { cpus: 2, "disk-size": "8GB" },
    });
    expect(Object.keys(written).slice(-3)).toEqual(["video-encoder", "services", "my-own-key"]);
  });

  it("keeps a value of the wrong shape as it is rather than losing it", () => {
    const fields = fieldsOfManifest({ name: "app", version: 1.5, tags: "beta" });
    expect(fields.versionName).toBe("");
    expect(fields.tags).toBe("");
    expect(manifestOfValues(fields)).toMatchObject({ version: 1.5, tags: "beta" });
  });

  it("says why a text is not YAML, and does not guess", () => {
    expect(readManifestText("name: [app")).toMatchObject({ ok: false });
    expect(readManifestText("- just\n- a list\n")).toMatchObject({ ok: false });
  });
});
