import { describe, expect, it } from "vitest";
import type { ClusterImage } from "../../../api/images.ts";
import {
  createInstanceFromImagePath,
  imageCreatedAt,
  latestVersionOf,
  renameUnavailableReason,
  whyImageActionUnavailable,
} from "./image-facts.ts";

const version = (number: number, createdAt: number, size = 100) => ({
  version: number,
  fingerprint: `f${String(number)}`,
  size,
  created_at: createdAt,
  remote_id: "",
  status: "active",
  status_code: 3,
  error_message: "",
});

const base: ClusterImage = {
  id: "img",
  name: "jammy:android13:amd64",
  type: "vm",
  variant: "android",
  architecture: "x86_64",
  capabilities: [],
  default: false,
  immutable: true,
  used_by: [],
  status: "active",
  status_code: 3,
  versions: [version(0, 50, 90), version(1, 80, 120)],
  clusterId: "lab",
};

describe("image facts", () => {
  it("reads the newest version and the first version's date", () => {
    expect(latestVersionOf(base)?.version).toBe(1);
    expect(imageCreatedAt(base)).toBe(50);
    expect(imageCreatedAt({ ...base, versions: [] })).toBeUndefined();
  });

  it("links to the form with the image, its cluster and type", () => {
    expect(createInstanceFromImagePath(base)).toBe(
      "/instances/new?clusterId=lab&type=vm&image=img",
    );
  });
});

describe("whyImageActionUnavailable", () => {
  it("offers everything but sync and rename to an active image nothing uses", () => {
    expect(whyImageActionUnavailable("make-default", base)).toBeUndefined();
    expect(whyImageActionUnavailable("delete", base)).toBeUndefined();
    expect(whyImageActionUnavailable("create-instance", base)).toBeUndefined();
    expect(whyImageActionUnavailable("sync", base)).toBe(
      "Only available images can be synced; this one is active.",
    );
    expect(whyImageActionUnavailable("rename", base)).toBe(renameUnavailableReason);
  });

  it("keeps the default from being made default again or deleted", () => {
    const image = { ...base, default: true };
    expect(whyImageActionUnavailable("make-default", image)).toBe("Already the default VM image.");
    expect(whyImageActionUnavailable("delete", image)).toMatch(/^The default VM image cannot/);
  });

  it("keeps an image applications use, and offers only sync to an available one", () => {
    expect(whyImageActionUnavailable("delete", { ...base, used_by: ["a", "b"] })).toBe(
      "Used by 2 applications: the cluster keeps it.",
    );
    const available = { ...base, status: "available" };
    expect(whyImageActionUnavailable("sync", available)).toBeUndefined();
    expect(whyImageActionUnavailable("make-default", available)).toMatch(/is available\.$/);
    expect(whyImageActionUnavailable("create-instance", available)).toMatch(/is available\.$/);
  });
});
