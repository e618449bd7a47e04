import { describe, expect, it } from "vitest";
import { customResourceType } from "@anbox-dashboard/contract";
import { buildCreateRequest, displayOf } from "./build-create-request.ts";
import {
  customResolution,
  initialFormValues,
  type InstanceCreateFormValues,
} from "./create-form-values.ts";

const gibibyte = 1024 ** 3;
const gigabyte = 1e9;

const imageForm: InstanceCreateFormValues = {
  ...initialFormValues,
  clusterId: "default",
  sourceType: "image",
  imageId: "img-container",
  resourceType: "a2.3",
};

const noExt4 = { ext4RootVolumesSupport: false, start: false };

describe("buildCreateRequest", () => {
  it("maps the form's defaults with an image: a2.3, 1280x720 at 240 dpi and 60 fps, not started", () => {
    expect(buildCreateRequest(imageForm, noExt4)).toEqual({
      type: "container",
      image_id: "img-container",
      resources: {
        cpus: 2,
        "gpu-slots": 0,
        "vpu-slots": 0,
        disk_size: 3 * gibibyte,
        memory: 3 * gigabyte,
      },
      config: {
        enable_streaming: false,
        display: { width: 1280, height: 720, fps: 60, density: 240 },
        security: { delete_protected: false },
      },
      no_start: true,
    });
  });

  it("leaves no_start out for Create and start", () => {
    const request = buildCreateRequest(imageForm, { ...noExt4, start: true });
    expect(request).not.toHaveProperty("no_start");
  });

  it("names an application by app_id and the chosen app_version", () => {
    const request = buildCreateRequest(
      { ...imageForm, sourceType: "application", applicationId: "app-1", applicationVersion: "3" },
      noExt4,
    );
    expect(request.app_id).toBe("app-1");
    expect(request.app_version).toBe(3);
    expect(request).not.toHaveProperty("image_id");
  });

  it("leaves app_version out when no version is chosen (the cluster picks its newest)", () => {
    const request = buildCreateRequest(
      { ...imageForm, sourceType: "application", applicationId: "app-1" },
      noExt4,
    );
    expect(request).not.toHaveProperty("app_version");
  });

  it("sends the name only when one is given", () => {
    expect(buildCreateRequest(imageForm, noExt4)).not.toHaveProperty("name");
    expect(buildCreateRequest({ ...imageForm, name: "demo-1" }, noExt4).name).toBe("demo-1");
  });

  it.each([
    ["a2.3", 2, 0],
    ["a4.3", 4, 0],
    ["a6.3", 6, 0],
    ["a8.3", 8, 0],
    ["a10.3", 10, 0],
    ["g2.3", 2, 1],
    ["g4.3", 4, 1],
    ["g6.3", 6, 1],
    ["g8.3", 8, 1],
    ["g10.3", 10, 1],
  ])("sends preset %s as %i CPU cores and %i GPU slot(s), 3 GB, no VPU", (preset, cpus, gpu) => {
    expect(buildCreateRequest({ ...imageForm, resourceType: preset }, noExt4).resources).toEqual({
      cpus,
      "gpu-slots": gpu,
      "vpu-slots": 0,
      disk_size: 3 * gibibyte,
      memory: 3 * gigabyte,
    });
  });

  it("gives the default disk: container 3 GiB, container with ext4 4 GiB, VM 15 GiB", () => {
    const disk = (values: InstanceCreateFormValues, ext4RootVolumesSupport: boolean) =>
      buildCreateRequest(values, { ext4RootVolumesSupport, start: false }).resources?.disk_size;
    expect(disk(imageForm, false)).toBe(3 * gibibyte);
    expect(disk(imageForm, true)).toBe(4 * gibibyte);
    const vm = { ...imageForm, containerOrVm: "vm" as const, imageId: "img-vm" };
    expect(disk(vm, false)).toBe(15 * gibibyte);
    expect(disk(vm, true)).toBe(15 * gibibyte);
    expect(buildCreateRequest(vm, noExt4).type).toBe("vm");
  });

  it("sends custom sizes, memory in bytes", () => {
    const request = buildCreateRequest(
      {
        ...imageForm,
        resourceType: customResourceType,
        resourceTypeCpu: "12",
        resourceTypeGpu: "2",
        resourceTypeVpu: "1",
        resourceTypeMemory: "16",
      },
      noExt4,
    );
    expect(request.resources).toEqual({
      cpus: 12,
      "gpu-slots": 2,
      "vpu-slots": 1,
      disk_size: 3 * gibibyte,
      memory: 16 * gigabyte,
    });
  });

  it("sends streaming, the display and delete protection as chosen", () => {
    const request = buildCreateRequest(
      {
        ...imageForm,
        enableStreaming: true,
        resolution: "1024x768",
        density: "160",
        fps: "30",
        deleteProtected: true,
      },
      noExt4,
    );
    expect(request.config).toEqual({
      enable_streaming: true,
      display: { width: 1024, height: 768, fps: 30, density: 160 },
      security: { delete_protected: true },
    });
  });
});

describe("displayOf", () => {
  it("takes the custom width and height only for a custom resolution", () => {
    const values = { ...imageForm, displayWidth: "720", displayHeight: "1280", density: "640" };
    expect(displayOf(values)).toEqual({ width: 1280, height: 720, fps: 60, density: 640 });
    expect(displayOf({ ...values, resolution: customResolution })).toEqual({
      width: 720,
      height: 1280,
      fps: 60,
      density: 640,
    });
  });
});
