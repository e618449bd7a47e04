import { describe, expect, it } from "vitest";
import { applicationManifestSchema, parseByteSize } from "./manifest.ts";

describe("parseByteSize", () => {
  it("reads decimal and binary units", () => {
    expect(parseByteSize("3GB")).toBe(3e9);
    expect(parseByteSize("3G")).toBe(3e9);
    expect(parseByteSize("2.5GiB")).toBe(2.5 * 1024 ** 3);
    expect(parseByteSize("4096MB")).toBe(4.096e9);
    expect(parseByteSize("lots")).toBeUndefined();
    // Past the whole numbers a number holds exactly: no size (a database would refuse it).
    expect(parseByteSize("99999999999999999999GB")).toBeUndefined();
  });
});

describe("applicationManifestSchema", () => {
  it("accepts the manifest of the SDK's end-to-end tests", () => {
    const manifest = {
      name: "virtual-device",
      image: "jammy:android15:amd64",
      watchdog: { disabled: false },
      resources: { cpus: 4, memory: "3GB", "disk-size": "3GB" },
    };
    expect(applicationManifestSchema.parse(manifest)).toEqual(manifest);
  });

  it("names each bad key", () => {
    const result = applicationManifestSchema.safeParse({
      name: "a/b",
      resources: { memory: "2GB", cpus: 1.5, "gpu-slots": 2 ** 31 },
      "extra-data": { x: { target: "/etc/x" } },
      unknown: true,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join(".")) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        "name",
        "resources.memory",
        "resources.cpus",
        "resources.gpu-slots",
        "extra-data.x.target",
        "",
      ]),
    );
    expect(result.error?.issues.find((issue) => issue.path.length === 0)?.message).toContain(
      "unknown",
    );
  });
});
