// One application through `/api/applications...`: with its versions and image name, the
// manifest, the writes (patch, publish, delete a version, delete one, delete many) and the 400s,
// 401s, 403 and 404s of each, against the real dashboard and two embedded clusters.
import { beforeAll, describe, expect, it } from "vitest";
import { type AmsInstance, type ApplicationsDeleteResponse } from "@anbox-dashboard/contract";
import { clusterClient, messageOf } from "./support/signed-in-harness.ts";
import {
  call,
  expectStatus,
  instanceOf,
  readApplication,
  refusal,
  upload,
  useApplicationsWorld,
  write,
} from "./support/applications-world.ts";

const world = useApplicationsWorld();

describe("one application", () => {
  let id = "";

  beforeAll(async () => {
    id = await upload("second", "single-app");
  });

  it("reads it with its versions and image name, by id or by name", async () => {
    const application = await readApplication("second", id);
    expect(application).toMatchObject({
      id,
      name: "single-app",
      clusterId: "second",
      parent_image_name: "jammy:android15:amd64",
    });
    expect(application.versions.map((version) => version.number)).toEqual([0]);
    expect((await readApplication("second", "single-app")).id).toBe(id);
  });

  it("answers the manifest as text, the latest's or a version's", async () => {
    const latest = await call("GET", `/api/applications/${id}/manifest?clusterId=second`);
    expect(latest.status, latest.text).toBe(200);
    expect(latest.text).toContain("name: single-app");
    const first = await call("GET", `/api/applications/${id}/manifest?clusterId=second&version=0`);
    expect(first.status).toBe(200);
    expect(first.text).toBe(latest.text);
  });

  it("refuses a manifest of a bad or missing version, naming it", async () => {
    expect(
      await refusal(
        call("GET", `/api/applications/${id}/manifest?clusterId=second&version=latest`),
        400,
      ),
    ).toContain("version must be a whole number");
    expect(
      await refusal(
        call("GET", `/api/applications/${id}/manifest?clusterId=second&version=7`),
        404,
      ),
    ).toContain("has no version 7");
    expect(
      await refusal(call("GET", `/api/applications/ghost/manifest?clusterId=second`), 404),
    ).toContain('Cluster "second" has no application "ghost"');
  });

  it("patches the application: tags change it, a version's field makes a new version", async () => {
    await write("PATCH", `/api/applications/${id}?clusterId=second`, { tags: ["fleet"] });
    const tagged = await readApplication("second", id);
    expect(tagged.tags).toEqual(["fleet"]);
    expect(tagged.versions).toHaveLength(1);
    await write("PATCH", `/api/applications/${id}?clusterId=second`, {
      watchdog: { disabled: true },
    });
    const versioned = await readApplication("second", id);
    expect(versioned.versions.map((version) => version.number)).toEqual([0, 1]);
    const manifest = await call("GET", `/api/applications/${id}/manifest?clusterId=second`);
    expect(manifest.text).toContain("disabled: true");
  });

  it("refuses a bad patch naming the field, before asking the cluster", async () => {
    const path = `/api/applications/${id}?clusterId=second`;
    expect(await refusal(call("PATCH", path, { body: { tags: "fleet" } }), 400)).toContain("tags");
    expect(await refusal(call("PATCH", path, { body: { name: "renamed" } }), 400)).toContain(
      "name",
    );
    expect(
      await refusal(call("PATCH", path, { body: { "instance-type": "huge" } }), 400),
    ).toContain("instance-type");
  });

  it("publishes and unpublishes a version", async () => {
    await write("PATCH", `/api/applications/${id}/1?clusterId=second`, { published: false });
    expect((await readApplication("second", id)).versions.map((v) => v.published)).toEqual([
      true,
      false,
    ]);
    await write("PATCH", `/api/applications/${id}/1?clusterId=second`, { published: true });
    expect((await readApplication("second", id)).versions.map((v) => v.published)).toEqual([
      true,
      true,
    ]);
  });

  it("refuses a bad version number, a missing version and a bad body", async () => {
    expect(
      await refusal(
        call("PATCH", `/api/applications/${id}/one?clusterId=second`, {
          body: { published: true },
        }),
        400,
      ),
    ).toContain("version must be a whole number");
    expect(
      await refusal(
        call("PATCH", `/api/applications/${id}/9?clusterId=second`, { body: { published: true } }),
        404,
      ),
    ).toContain("has no version 9");
    expect(
      await refusal(
        call("PATCH", `/api/applications/${id}/1?clusterId=second`, {
          body: { published: "yes" },
        }),
        400,
      ),
    ).toContain("published: must be true or false");
    expect(
      await refusal(call("DELETE", `/api/applications/${id}/-1?clusterId=second`), 400),
    ).toContain("version must be a whole number");
    expect(
      await refusal(
        call("DELETE", `/api/applications/${id}?clusterId=second`, { body: { force: "yes" } }),
        400,
      ),
    ).toContain("force must be true or false");
  });

  it("deletes a version, and passes on the cluster's refusal to delete the only one", async () => {
    await write("DELETE", `/api/applications/${id}/1?clusterId=second`);
    const left = await readApplication("second", id);
    expect(left.versions.map((version) => version.number)).toEqual([0]);
    const message = await refusal(
      call("DELETE", `/api/applications/${id}/0?clusterId=second`),
      400,
    );
    expect(message).toMatch(/only version/i);
  });

  it("answers 404 naming the cluster and the id for an application it does not have", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/applications/ghost?clusterId=second", undefined],
      ["PATCH", "/api/applications/ghost?clusterId=second", { tags: [] }],
      ["PATCH", "/api/applications/ghost/0?clusterId=second", { published: true }],
      ["DELETE", "/api/applications/ghost/0?clusterId=second", undefined],
      ["DELETE", "/api/applications/ghost?clusterId=second", undefined],
      ["GET", `/api/applications/${id}?clusterId=default`, undefined],
    ] as const) {
      const message = await refusal(call(method, path, { body }), 404);
      expect(message, `${method} ${path}`).toMatch(
        /^Cluster "(second|default)" has no application/,
      );
    }
  });

  it("answers 400 for a missing or unknown cluster", async () => {
    expect(
      await refusal(call("PATCH", `/api/applications/${id}`, { body: { tags: [] } }), 400),
    ).toContain("clusterId is required");
    expect(await refusal(call("DELETE", `/api/applications/${id}?clusterId=nope`), 400)).toContain(
      'Unknown cluster "nope"',
    );
    expect(
      await refusal(call("GET", `/api/applications/${id}/manifest?clusterId=nope`), 400),
    ).toContain('Unknown cluster "nope"');
  });

  it("needs a session for every call", async () => {
    for (const [method, path] of [
      ["GET", `/api/applications/${id}/manifest?clusterId=second`],
      ["PATCH", `/api/applications/${id}?clusterId=second`],
      ["PATCH", `/api/applications/${id}/0?clusterId=second`],
      ["DELETE", `/api/applications/${id}/0?clusterId=second`],
      ["DELETE", `/api/applications/${id}?clusterId=second`],
      ["DELETE", "/api/applications"],
    ] as const) {
      expect((await call(method, path, { signedIn: false })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("refuses a write from another site with 403, and leaves the application", async () => {
    const answer = await call("DELETE", `/api/applications/${id}?clusterId=second`, {
      body: { force: true },
      headers: { "sec-fetch-site": "cross-site", origin: "https://attacker.example" },
    });
    expect(answer.status).toBe(403);
    expect(messageOf(answer.body)).toContain("Cross-site request refused");
    expect((await readApplication("second", id)).id).toBe(id);
  });
});

describe("deleting applications", () => {
  it("refuses to delete one that instances use unless forced, with the cluster's reason", async () => {
    const id = await upload("default", "used-app");
    await instanceOf("default", id);
    const message = await refusal(call("DELETE", `/api/applications/${id}?clusterId=default`), 400);
    expect(message).toContain("used by 1 instance");
    await readApplication("default", id);
    await write("DELETE", `/api/applications/${id}?clusterId=default`, { force: true });
    await refusal(call("GET", `/api/applications/${id}?clusterId=default`), 404);
  });

  it("deletes many at once with one result each; a refusal does not stop the others", async () => {
    const [used, free, other] = await Promise.all([
      upload("default", "bulk-used"),
      upload("default", "bulk-free"),
      upload("second", "bulk-other"),
    ]);
    await instanceOf("default", used);
    const { metadata } = await expectStatus<ApplicationsDeleteResponse>(
      call("DELETE", "/api/applications", {
        body: {
          applications: [
            { id: used, clusterId: "default" },
            { id: free, clusterId: "default" },
            { id: "bulk-other", clusterId: "second" },
            { id: "ghost", clusterId: "second" },
          ],
        },
      }),
      200,
    );
    expect(metadata.results).toEqual([
      {
        id: used,
        name: "bulk-used",
        success: false,
        error: expect.stringContaining("used by 1 instance") as unknown,
        clusterId: "default",
      },
      { id: free, name: "bulk-free", success: true, error: "", clusterId: "default" },
      { id: other, name: "bulk-other", success: true, error: "", clusterId: "second" },
      {
        id: "ghost",
        name: "",
        success: false,
        error: 'Cluster "second" has no application "ghost".',
        clusterId: "second",
      },
    ]);
    await readApplication("default", used);
    await refusal(call("GET", `/api/applications/${free}?clusterId=default`), 404);
    await refusal(call("GET", `/api/applications/${other}?clusterId=second`), 404);
    const instances = await clusterClient(world.harness(), "default").get<AmsInstance[]>(
      `/1.0/instances?recursion=1&app_id=${used}`,
    );
    expect(instances.metadata).toHaveLength(1);

    const forced = await expectStatus<ApplicationsDeleteResponse>(
      call("DELETE", "/api/applications", {
        body: { applications: [{ id: used, clusterId: "default" }], force: true },
      }),
      200,
    );
    expect(forced.metadata.results).toEqual([
      { id: used, name: "bulk-used", success: true, error: "", clusterId: "default" },
    ]);
  });

  it("refuses a bad body or an unknown cluster naming it, deleting nothing", async () => {
    const id = await upload("default", "bulk-kept");
    for (const [body, named] of [
      [{}, "applications"],
      [{ applications: [] }, "applications must name at least one application"],
      [{ applications: [{ id }] }, "clusterId"],
      [{ applications: [{ id, clusterId: "default" }], force: "yes" }, "force"],
      [
        {
          applications: [
            { id, clusterId: "default" },
            { id, clusterId: "nope" },
          ],
        },
        'Unknown cluster "nope"',
      ],
    ] as const) {
      expect(
        await refusal(call("DELETE", "/api/applications", { body }), 400),
        JSON.stringify(body),
      ).toContain(named);
    }
    await readApplication("default", id);
  });

  it("lists the instances made from an application through the instances list", async () => {
    const id = await upload("second", "with-instances");
    await instanceOf("second", id);
    const { metadata } = await expectStatus<{ metadata: AmsInstance[]; total_size: number }>(
      call("GET", "/api/instances?app_name=with-instances&subclusters=second"),
      200,
    );
    expect(metadata.map((instance) => instance.app_id)).toEqual([id]);
  });
});
