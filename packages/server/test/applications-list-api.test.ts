// The applications list beyond the instance form's (catalog-api.test.ts): its status and type
// filters and its sort columns, against the real dashboard and two embedded clusters.
import { beforeAll, describe, expect, it } from "vitest";
import { type ApplicationsListResponse } from "@anbox-dashboard/contract";
import { clusterClient } from "./support/signed-in-harness.ts";
import {
  call,
  expectStatus,
  names,
  refusal,
  upload,
  useApplicationsWorld,
  write,
} from "./support/applications-world.ts";

const world = useApplicationsWorld();

describe("the applications list", () => {
  beforeAll(async () => {
    await Promise.all([
      upload("default", "list-car", { tags: ["app_type_automotive"] }),
      upload("default", "list-phone"),
      upload("second", "list-vm", { vm: true }),
    ]);
  });

  it("carries each application's versions and its image's name", async () => {
    const { metadata } = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-"),
      200,
    );
    expect(names(metadata)).toEqual(["list-car", "list-phone", "list-vm"]);
    const images = await clusterClient(world.harness(), "default").get<
      { id: string; name: string }[]
    >("/1.0/images?recursion=1");
    for (const application of metadata) {
      expect(application.versions).toHaveLength(1);
      const image = images.metadata.find((each) => each.name === "jammy:android15:amd64");
      if (application.clusterId === "default") {
        expect(application.parent_image_id).toBe(image?.id);
      }
      expect(application.parent_image_name).toBe("jammy:android15:amd64");
    }
  });

  it("filters by type: automotive when tagged app_type_automotive, else mobile", async () => {
    const automotive = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&type=automotive"),
      200,
    );
    expect(names(automotive.metadata)).toEqual(["list-car"]);
    expect(automotive.total_size).toBe(1);
    const mobile = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&type=mobile"),
      200,
    );
    expect(names(mobile.metadata)).toEqual(["list-phone", "list-vm"]);
  });

  it("filters by one or more statuses", async () => {
    const ready = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&status=ready"),
      200,
    );
    expect(ready.total_size).toBe(3);
    const none = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&status=error,initializing"),
      200,
    );
    expect(none).toEqual({ metadata: [], total_size: 0 });
    const either = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&status=error,ready"),
      200,
    );
    expect(either.total_size).toBe(3);
  });

  it("sorts by type, then by name", async () => {
    const byType = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&orderBy=type"),
      200,
    );
    expect(names(byType.metadata)).toEqual(["list-car", "list-phone", "list-vm"]);
    const reversed = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&orderBy=type&order=desc"),
      200,
    );
    expect(names(reversed.metadata)).toEqual(["list-vm", "list-phone", "list-car"]);
  });

  it("sorts by published versions and by latest version", async () => {
    const phone = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-phone"),
      200,
    );
    const id = phone.metadata[0]?.id ?? "";
    // Every upload's version is published: unpublished, list-phone has the fewest.
    await write("PATCH", `/api/applications/${id}/0?clusterId=default`, { published: false });
    const published = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&orderBy=published_versions"),
      200,
    );
    expect(names(published.metadata)).toEqual(["list-phone", "list-car", "list-vm"]);
    const mostPublished = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&orderBy=published_versions&order=desc"),
      200,
    );
    expect(names(mostPublished.metadata)).toEqual(["list-vm", "list-car", "list-phone"]);
    // A change of a version's field makes version 1.
    await write("PATCH", `/api/applications/${id}?clusterId=default`, {
      boot_activity: "com.example/.Main",
    });
    const latest = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&orderBy=latest_version&order=desc"),
      200,
    );
    expect(names(latest.metadata)[0]).toBe("list-phone");
    const latestAsc = await expectStatus<ApplicationsListResponse>(
      call("GET", "/api/applications?search=list-&orderBy=latest_version"),
      200,
    );
    expect(names(latestAsc.metadata).at(-1)).toBe("list-phone");
  });

  it("answers 400 naming a bad status, type or orderBy", async () => {
    for (const [query, named] of [
      ["status=ready,gone", "status must be a comma-joined list of error, unknown"],
      ["type=tablet", "type must be automotive or mobile"],
      ["orderBy=size", "orderBy must be one of name, created_at, status, type"],
      ["status=ready&status=error", "status must be given once"],
    ] as const) {
      expect(await refusal(call("GET", `/api/applications?${query}`), 400)).toContain(named);
    }
  });
});
