import { describe, expect, it } from "vitest";
import type { AmsApplicationVersion } from "@anbox-dashboard/contract";
import type { ClusterApplication, ClusterImage } from "../../../api/catalog.ts";
import { initialFormValues } from "./create-form-values.ts";
import { chosenClusterId, resolveFormValues } from "./resolve-form-values.ts";
import { defaultImageOf, launchableVersions, launchableApplications } from "./source-options.ts";
import { usableImages } from "../../../util/usable-images.ts";

function version(number: number, published: boolean, status = "active"): AmsApplicationVersion {
  return { number, published, status } as AmsApplicationVersion;
}

function application(overrides: Partial<ClusterApplication>): ClusterApplication {
  return {
    id: "app",
    name: "app",
    clusterId: "default",
    status: "ready",
    vm: false,
    instance_type: "",
    versions: [version(0, true)],
    ...overrides,
  } as ClusterApplication;
}

function image(overrides: Partial<ClusterImage>): ClusterImage {
  return {
    id: "img",
    name: "jammy:android14:amd64",
    clusterId: "default",
    type: "container",
    status: "active",
    default: false,
    ...overrides,
  } as ClusterImage;
}

describe("launchableVersions", () => {
  it("lists the published, ready versions newest first", () => {
    expect(
      launchableVersions({
        versions: [
          version(0, true),
          version(3, false),
          version(2, true),
          version(4, true, "error"),
        ],
      }),
    ).toEqual([2, 0]);
    expect(launchableVersions({ versions: [version(0, false)] })).toEqual([]);
  });
});

describe("launchableApplications", () => {
  it("keeps the ready applications of the cluster and type that have a published version", () => {
    const apps = [
      application({ id: "ok", name: "ok", versions: [version(0, true), version(1, true)] }),
      application({ id: "initializing", status: "initializing" }),
      application({ id: "error", status: "error" }),
      application({ id: "unpublished", versions: [version(0, false)] }),
      application({ id: "other-cluster", clusterId: "lab" }),
      application({ id: "vm", vm: true }),
    ];
    expect(launchableApplications(apps, "default", "container")).toEqual([
      { id: "ok", name: "ok", version: 1, versions: [1, 0], resourcePreset: undefined },
    ]);
    expect(launchableApplications(apps, "default", "vm").map((app) => app.id)).toEqual(["vm"]);
    expect(launchableApplications(apps, "lab", "container").map((app) => app.id)).toEqual([
      "other-cluster",
    ]);
  });

  it("carries the preset an application asks for, when it is one", () => {
    const apps = [
      application({ id: "gpu", instance_type: "g4.3" }),
      application({ id: "odd", instance_type: "x9.9" }),
    ];
    expect(
      launchableApplications(apps, "default", "container").map((app) => app.resourcePreset),
    ).toEqual(["g4.3", undefined]);
  });
});

describe("usableImages and defaultImageOf", () => {
  it("keeps the images of the cluster and type that can be used now; finds the default", () => {
    const images = [
      image({ id: "a" }),
      image({ id: "b", default: true }),
      image({ id: "c", status: "initializing" }),
      image({ id: "d", status: "error", default: true }),
      image({ id: "e", type: "vm" }),
      image({ id: "f", clusterId: "lab" }),
    ];
    const usable = usableImages(images, "default", "container");
    expect(usable.map((item) => item.id)).toEqual(["a", "b"]);
    expect(defaultImageOf(usable)?.id).toBe("b");
    expect(usableImages(images, "default", "vm").map((item) => item.id)).toEqual(["e"]);
    expect(defaultImageOf([image({ id: "a" })])).toBeUndefined();
  });
});

describe("resolveFormValues", () => {
  const clusters = [{ id: "default" }, { id: "lab" }];
  const applications = [
    { id: "app1", name: "app1", version: 2, versions: [2, 0], resourcePreset: undefined },
    { id: "gpu-app", name: "gpu-app", version: 0, versions: [0], resourcePreset: "g6.3" },
  ];
  const images = [image({ id: "a" }), image({ id: "b", default: true })];

  it("means the first cluster and the default image until others are chosen", () => {
    expect(chosenClusterId(initialFormValues, clusters)).toBe("default");
    const resolved = resolveFormValues(initialFormValues, { clusters, applications, images });
    expect(resolved.clusterId).toBe("default");
    expect(resolved.imageId).toBe("b");
    expect(resolved.applicationId).toBe("");
    expect(resolved.resourceType).toBe("a2.3");
  });

  it("starts with the size the chosen application asks for, until another is chosen", () => {
    const gpuApp = { ...initialFormValues, applicationId: "gpu-app" };
    const context = { clusters, applications, images };
    expect(resolveFormValues(gpuApp, context).resourceType).toBe("g6.3");
    expect(resolveFormValues({ ...gpuApp, applicationId: "app1" }, context).resourceType).toBe(
      "a2.3",
    );
    expect(resolveFormValues({ ...gpuApp, resourceType: "a4.3" }, context).resourceType).toBe(
      "a4.3",
    );
    expect(resolveFormValues({ ...gpuApp, sourceType: "image" }, context).resourceType).toBe(
      "a2.3",
    );
  });

  it("keeps choices the lists hold and drops those they no longer hold", () => {
    const chosen = { ...initialFormValues, clusterId: "lab", imageId: "a", applicationId: "app1" };
    expect(resolveFormValues(chosen, { clusters, applications, images })).toMatchObject({
      clusterId: "lab",
      imageId: "a",
      applicationId: "app1",
    });
    expect(
      resolveFormValues(chosen, { clusters: [{ id: "default" }], applications: [], images: [] }),
    ).toMatchObject({ clusterId: "default", imageId: "", applicationId: "" });
  });

  it("means the application's newest published version until one it publishes is chosen", () => {
    const context = { clusters, applications, images };
    const app1 = { ...initialFormValues, applicationId: "app1" };
    expect(resolveFormValues(app1, context).applicationVersion).toBe("2");
    expect(
      resolveFormValues({ ...app1, applicationVersion: "0" }, context).applicationVersion,
    ).toBe("0");
    // Version 1 is not published (or gone): the newest is meant instead.
    expect(
      resolveFormValues({ ...app1, applicationVersion: "1" }, context).applicationVersion,
    ).toBe("2");
    expect(
      resolveFormValues({ ...app1, sourceType: "image", applicationVersion: "0" }, context)
        .applicationVersion,
    ).toBe("");
  });
});
