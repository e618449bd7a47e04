import { describe, expect, it } from "vitest";
import {
  customResourceType,
  instanceCreateFormMessages,
  instanceNameMessages,
} from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/catalog.ts";
import {
  customResolution,
  initialFormValues,
  type InstanceCreateFormValues,
} from "./create-form-values.ts";
import { createFormResolver, createFormSchema } from "./create-form-schema.ts";

/**
 * The message under each wrong field, as the form shows them (the first rule a field breaks);
 * `nameTaken` stands for the live check's answer about the name.
 */
function messagesOf(values: InstanceCreateFormValues, nameTaken: boolean) {
  const result = createFormSchema(nameTaken ? values.name : undefined).safeParse(values);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

// Resolved values of a form that is right as it is: a cluster and an image chosen.
const valid: InstanceCreateFormValues = {
  ...initialFormValues,
  clusterId: "default",
  sourceType: "image",
  imageId: "img1",
  resourceType: "a2.3",
};

describe("createFormSchema", () => {
  it("finds nothing wrong with a complete form, the name left out", () => {
    expect(messagesOf(valid, false)).toEqual({});
  });

  it.each([
    ["a".repeat(64), "Instance name must be between 1 and 63 characters"],
    ["with space", "Only alphanumeric and hyphen characters are allowed"],
    ["under_score", "Only alphanumeric and hyphen characters are allowed"],
    ["9lives", "Instance name must start with a letter"],
    ["-dash", "Instance name must start with a letter"],
  ])("refuses the name %j with SPEC section 5's message", (name, message) => {
    expect(messagesOf({ ...valid, name }, false)).toEqual({
      name: message,
    });
  });

  it("accepts names of 1 to 63 letters, digits and hyphens that start with a letter", () => {
    for (const name of ["a", "demo-1", "A".repeat(63)]) {
      expect(messagesOf({ ...valid, name }, false), name).toEqual({});
    }
  });

  it("says a name is taken when the live check found it, unless it breaks a rule first", () => {
    expect(messagesOf({ ...valid, name: "demo" }, true)).toEqual({
      name: "An instance with this name already exists",
    });
    expect(messagesOf({ ...valid, name: "9lives" }, true).name).toBe(instanceNameMessages.start);
  });

  it("asks for a cluster and for the source of the chosen kind", () => {
    expect(messagesOf({ ...valid, clusterId: "" }, false)).toEqual({
      clusterId: instanceCreateFormMessages.cluster,
    });
    expect(messagesOf({ ...valid, imageId: "" }, false)).toEqual({
      imageId: "Choose an image",
    });
    expect(messagesOf({ ...valid, sourceType: "application", applicationId: "" }, false)).toEqual({
      applicationId: "Choose an application",
    });
    expect(
      messagesOf({ ...valid, sourceType: "application", applicationId: "app1" }, false),
    ).toEqual({});
  });

  describe("custom resources", () => {
    const custom = { ...valid, resourceType: customResourceType };

    it("accepts whole numbers within the bounds", () => {
      for (const [cpu, gpu, vpu, memory] of [
        ["1", "0", "0", "1"],
        ["256", "64", "64", "4000"],
        [" 8 ", "2", "1", "16"],
      ] as const) {
        expect(
          messagesOf(
            {
              ...custom,
              resourceTypeCpu: cpu,
              resourceTypeGpu: gpu,
              resourceTypeVpu: vpu,
              resourceTypeMemory: memory,
            },
            false,
          ),
        ).toEqual({});
      }
    });

    it.each(["", "0", "257", "1.5", "-1", "two", "1e2"])("refuses %j CPU cores", (cpu) => {
      expect(messagesOf({ ...custom, resourceTypeCpu: cpu }, false)).toEqual({
        resourceTypeCpu: "CPU cores must be a whole number from 1 to 256",
      });
    });

    it.each(["", "65", "0.5", "-1"])("refuses %j GPU and VPU slots", (slots) => {
      expect(
        messagesOf({ ...custom, resourceTypeGpu: slots, resourceTypeVpu: slots }, false),
      ).toEqual({
        resourceTypeGpu: "GPU slots must be a whole number from 0 to 64",
        resourceTypeVpu: "VPU slots must be a whole number from 0 to 64",
      });
    });

    it.each(["", "0", "2.5", "4001"])("refuses %j GB of memory", (memory) => {
      expect(messagesOf({ ...custom, resourceTypeMemory: memory }, false)).toEqual({
        resourceTypeMemory: "Memory must be a whole number of GB from 1 to 4000",
      });
    });

    it("ignores the custom fields while a preset is chosen", () => {
      expect(messagesOf({ ...custom, resourceType: "g4.3", resourceTypeCpu: "" }, false)).toEqual(
        {},
      );
    });
  });

  it("checks a custom display size only when a custom resolution is chosen", () => {
    const wrong = { ...valid, displayWidth: "0", displayHeight: "" };
    expect(messagesOf(wrong, false)).toEqual({});
    expect(messagesOf({ ...wrong, resolution: customResolution }, false)).toEqual({
      displayWidth: "Width must be a whole number of pixels from 1 to 7680",
      displayHeight: "Height must be a whole number of pixels from 1 to 7680",
    });
    expect(
      messagesOf(
        { ...wrong, resolution: customResolution, displayWidth: "7680", displayHeight: "1" },
        false,
      ),
    ).toEqual({});
  });
});

describe("createFormResolver", () => {
  const image = { id: "img-default", default: true } as ClusterImage;
  const context = { clusters: [{ id: "default" }], applications: [], images: [image] };

  it("checks the values with the choices the form makes filled in, and sends those", async () => {
    const result = await createFormResolver(
      initialFormValues,
      { ...context, takenName: undefined },
      {
        fields: {},
        shouldUseNativeValidation: undefined,
      },
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      clusterId: "default",
      sourceType: "image",
      imageId: "img-default",
      resourceType: "a2.3",
    });
  });

  it("reports the first rule each field breaks, the taken name included", async () => {
    const result = await createFormResolver(
      {
        ...initialFormValues,
        name: "demo",
        resourceType: customResourceType,
        resourceTypeCpu: "0",
      },
      { ...context, images: [], takenName: "demo" },
      { fields: {}, shouldUseNativeValidation: undefined },
    );
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { message: instanceNameMessages.taken },
      imageId: { message: instanceCreateFormMessages.image },
      resourceTypeCpu: { message: instanceCreateFormMessages.cpus },
    });
  });
});
