import { describe, expect, it } from "vitest";
import { formPresetOf } from "./form-preset.ts";

describe("formPresetOf", () => {
  it("chooses the linked image as the source, on its cluster and of its type", () => {
    const params = new URLSearchParams("clusterId=lab&type=vm&image=img-1");
    expect(formPresetOf(params)).toEqual({
      sourceType: "image",
      imageId: "img-1",
      clusterId: "lab",
      containerOrVm: "vm",
    });
  });

  it("presets nothing without an image, and ignores a type the form does not know", () => {
    expect(formPresetOf(new URLSearchParams("clusterId=lab&type=vm"))).toEqual({});
    expect(formPresetOf(new URLSearchParams("image=img-1&type=floppy"))).toEqual({
      sourceType: "image",
      imageId: "img-1",
    });
  });

  it("chooses the linked application as the source, on its cluster and of its type", () => {
    const params = new URLSearchParams("clusterId=lab&type=container&application=app-7");
    expect(formPresetOf(params)).toEqual({
      sourceType: "application",
      applicationId: "app-7",
      clusterId: "lab",
      containerOrVm: "container",
    });
  });

  it("chooses the linked version of the application, and ignores one that is not a number", () => {
    expect(formPresetOf(new URLSearchParams("application=app-7&version=3"))).toEqual({
      sourceType: "application",
      applicationId: "app-7",
      applicationVersion: "3",
    });
    expect(formPresetOf(new URLSearchParams("application=app-7&version=newest"))).toEqual({
      sourceType: "application",
      applicationId: "app-7",
    });
  });
});
