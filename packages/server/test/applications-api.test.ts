// The `/api/applications...` calls beyond the instance form's list (catalog-api.test.ts): the
// list's status and type filters and its new sort columns, one application with its versions and
// image name, the manifest, the writes (patch, publish, delete a version, delete one, delete many)
// and the 400s, 401s, 403 and 404s of each, against the real dashboard and two embedded clusters.
// Applications are uploaded through each cluster's own AMS API (the dashboard's upload is another
// call), as an operator's client would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import {
  apiErrorSchema,
  type AmsInstance,
  type AmsOperation,
  type ApplicationOperationResponse,
  type ApplicationResponse,
  type ApplicationsDeleteResponse,
  type ApplicationsListResponse,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  startSignedIn,
  waitForSuccess,
} from "./support/signed-in-harness.ts";
import { storedZip } from "./support/stored-zip.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
type ClusterId = "default" | "second";
let harness: AuthHarness;
let cookie: string;

beforeAll(async () => {
  ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
});

afterAll(async () => {
  await harness.stop();
});

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function call(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; signedIn?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.signedIn !== false) headers.cookie = cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // a manifest: text
  }
  return { status: response.status, body, text };
}

async function expectStatus<T>(answer: Promise<Answer>, status: number): Promise<T> {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body as T;
}

async function refusal(answer: Promise<Answer>, status: number): Promise<string> {
  return apiErrorSchema.parse(await expectStatus(answer, status)).message;
}

async function waitOperation(clusterId: ClusterId, id: string): Promise<AmsOperation> {
  return waitForSuccess(clusterClient(harness, clusterId), id);
}

/** A write through the dashboard that answers 202 with an operation, waited for. */
async function write(method: string, path: string, body?: unknown): Promise<AmsOperation> {
  const answer = await expectStatus<ApplicationOperationResponse>(
    call(method, path, { body }),
    202,
  );
  const clusterId = answer.metadata.clusterId as ClusterId;
  expect(["default", "second"]).toContain(clusterId);
  return waitOperation(clusterId, answer.metadata.id);
}

/** Uploads a package holding only a manifest to a cluster, waits for it; returns the new id. */
async function upload(
  clusterId: ClusterId,
  name: string,
  options: { tags?: string[]; vm?: boolean } = {},
): Promise<string> {
  const manifest = [
    `name: ${name}`,
    "image: jammy:android15:amd64",
    ...(options.tags === undefined ? [] : [`tags: [${options.tags.join(", ")}]`]),
    "resources:",
    "  cpus: 2",
    "  memory: 3GB",
    "  disk-size: 3GB",
    "",
  ].join("\n");
  const raw = storedZip({ "manifest.yaml": manifest });
  const path = options.vm === true ? "/1.0/applications?vm=true" : "/1.0/applications";
  const started = await new Promise<AmsOperation>((resolve, reject) => {
    const headers = {
      "content-type": "application/octet-stream",
      "content-length": String(raw.length),
    };
    const socketPath = join(harness.dataDir, "clusters", clusterId, "ams.socket");
    const req = httpRequest({ socketPath, method: "POST", path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        // The cluster's refusal in the failure, rather than a wait on no operation.
        if (res.statusCode !== 202) reject(new Error(`upload of ${name}: ${text}`));
        else resolve((JSON.parse(text) as { metadata: AmsOperation }).metadata);
      });
    });
    req.on("error", reject);
    req.end(raw);
  });
  const operation = await waitOperation(clusterId, started.id);
  const url = operation.resources.applications?.[0];
  if (url === undefined) throw new Error(`the upload of ${name} named no application`);
  return url.split("/").pop() ?? url;
}

async function readApplication(clusterId: ClusterId, id: string) {
  const answer = await expectStatus<ApplicationResponse>(
    call("GET", `/api/applications/${id}?clusterId=${clusterId}`),
    200,
  );
  return answer.metadata;
}

/** Makes an instance of the application on its cluster (its published version). */
async function instanceOf(clusterId: ClusterId, appId: string): Promise<void> {
  const client = clusterClient(harness, clusterId);
  const started = await client.post<AmsOperation>("/1.0/instances", {
    app_id: appId,
    no_start: true,
  });
  await waitOperation(clusterId, started.metadata.id);
}

const names = (list: { name: string }[]): string[] => list.map((item) => item.name);

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
    const images = await clusterClient(harness, "default").get<{ id: string; name: string }[]>(
      "/1.0/images?recursion=1",
    );
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
    const instances = await clusterClient(harness, "default").get<AmsInstance[]>(
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
