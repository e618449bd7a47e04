import { describe, expect, it } from "vitest";
import { amsInstanceSchema } from "./instance-schema.ts";

describe("amsInstanceSchema", () => {
  it("reads an instance whose empty fields an AMS left out or sent as null as empty", () => {
    const stopped = amsInstanceSchema.parse({
      id: "c1",
      name: "lab-1",
      status: "stopped",
      services: null,
      config: { display: null },
    });
    expect(stopped).toMatchObject({
      id: "c1",
      name: "lab-1",
      type: "container",
      status: "stopped",
      desired_status: "stopped",
      app_name: "",
      image_version: 0,
      services: [],
      tags: [],
      config: {
        boot_package: "",
        display: { width: 0, height: 0, fps: 0, density: 0 },
        security: { delete_protected: false },
      },
      resources: { cpus: 0, "disk-size": 0 },
    });
    expect(amsInstanceSchema.parse({ id: "c2", name: "", status: "created" }).desired_status).toBe(
      "running",
    );
  });

  it("keeps what the cluster says it works towards", () => {
    const instance = amsInstanceSchema.parse({
      id: "c1",
      name: "lab-1",
      status: "running",
      desired_status: "stopped",
      type: "vm",
    });
    expect(instance).toMatchObject({ desired_status: "stopped", type: "vm" });
  });

  it("reads a status this release does not know as unknown, rather than refusing the list", () => {
    expect(amsInstanceSchema.parse({ id: "c1", name: "lab-1", status: "hibernating" }).status).toBe(
      "unknown",
    );
  });

  it("refuses an instance without its id or name, or with a field of another type", () => {
    for (const answer of [
      { name: "lab-1", status: "running" },
      { id: "c1", status: "running" },
      { id: "c1", name: "lab-1", status: "running", app_version: "2" },
      { id: "c1", name: "lab-1", status: "running", config: { display: { fps: "60" } } },
    ]) {
      expect(amsInstanceSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
    }
  });
});
