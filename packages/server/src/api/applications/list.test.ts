// The applications list's page in memory (list.ts): times sorted as numbers, ties broken the
// same way on every call, the page asked for and the count of every match.
import { describe, expect, it } from "vitest";
import type { ClusterApplication } from "@anbox-dashboard/contract";
import { pageApplications, sortApplications } from "./list.ts";

const names = (list: { name: string }[]): string[] => list.map((item) => item.name);

describe("pageApplications", () => {
  const base: ClusterApplication = {
    id: "a",
    name: "app",
    status: "ready",
    status_code: 2,
    instance_type: "a4.3",
    boot_package: "",
    parent_image_id: "image",
    parent_image_variant: "android",
    published: true,
    immutable: false,
    inhibit_auto_updates: false,
    tags: [],
    node_selector: [],
    addons: [],
    abi: "x86_64",
    vm: false,
    created_at: 1_700_000_000,
    resources: { cpus: 2, memory: "3GB", "disk-size": "3GB" },
    versions: [],
    clusterId: "default",
    parent_image_name: "jammy:android15:amd64",
  };
  const query = { page: 1, size: 30, order: "asc", orderBy: "name" } as const;

  it("sorts times as numbers and breaks ties by cluster and id", () => {
    const items = [
      { ...base, id: "b", created_at: 20 },
      { ...base, id: "a", created_at: 100 },
      { ...base, id: "c", created_at: 20, clusterId: "another" },
      { ...base, id: "a", created_at: 20 },
    ];
    const sorted = sortApplications(items, "created_at", "asc");
    expect(sorted.map((item) => `${item.clusterId}/${item.id}`)).toEqual([
      "another/c",
      "default/a",
      "default/b",
      "default/a",
    ]);
    expect(sorted.map((item) => item.created_at)).toEqual([20, 20, 20, 100]);
    expect(items.map((item) => item.id)).toEqual(["b", "a", "c", "a"]);
  });

  it("slices the page asked for and counts every match", () => {
    const items = Array.from({ length: 65 }, (_, index) => ({
      ...base,
      id: `id-${String(index)}`,
      name: `app-${String(index).padStart(2, "0")}`,
    }));
    const third = pageApplications(items, { ...query, page: 3 });
    expect(third.total_size).toBe(65);
    expect(names(third.metadata)).toEqual(["app-60", "app-61", "app-62", "app-63", "app-64"]);
    const searched = pageApplications(items, { ...query, search: "P-1", order: "desc" });
    expect(searched.total_size).toBe(10);
    expect(searched.metadata[0]?.name).toBe("app-19");
  });
});
