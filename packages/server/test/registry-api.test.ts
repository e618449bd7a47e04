// The `/api/registry` calls against the real dashboard and two embedded clusters sharing one
// registry directory: the list with the clusters that hold each application, push from one
// cluster and pull into the other, delete, and every refusal (no registry, an automatic mode, a bad
// body, an unknown application or cluster, signed out, another site).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  apiErrorSchema,
  type AmsOperation,
  type RegistryApplicationsResponse,
  type RegistryOperationResponse,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  startSignedIn,
  uniqueName,
  waitForSuccess,
} from "./support/signed-in-harness.ts";
import { storedZip } from "./support/stored-zip.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";
import { sameOrigin, startTestApp } from "./registration-support.ts";
import { AmsClient } from "../src/clusters/ams-client.ts";

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
  return { status: response.status, body: await response.json() };
}

async function expectStatus<T>(answer: Promise<Answer>, status: number): Promise<T> {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body as T;
}

async function refusal(answer: Promise<Answer>, status: number): Promise<string> {
  return apiErrorSchema.parse(await expectStatus(answer, status)).message;
}

function list(clusterId: ClusterId): Promise<RegistryApplicationsResponse> {
  return expectStatus(call("GET", `/api/registry/applications?clusterId=${clusterId}`), 200);
}

/** A push, pull or delete through the dashboard: 202, the cluster's operation, waited for. */
async function transfer(method: string, path: string, body?: unknown): Promise<AmsOperation> {
  const answer = await expectStatus<RegistryOperationResponse>(call(method, path, { body }), 202);
  const clusterId = new URL(path, harness.url).searchParams.get("clusterId") ?? "";
  expect(answer.metadata.clusterId).toBe(clusterId);
  return waitForSuccess(clusterClient(harness, clusterId), answer.metadata.id);
}

/** Sets a configuration key on a cluster through its own API, and waits for it. */
async function configure(clusterId: ClusterId, name: string, value: string): Promise<void> {
  const client = clusterClient(harness, clusterId);
  const started = await client.patch<AmsOperation>("/1.0/config", { name, value });
  await waitForSuccess(client, started.metadata.id);
}

/** Uploads a package holding only a manifest to a cluster through its AMS API; its name. */
async function upload(clusterId: ClusterId, prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  const manifest = [
    `name: ${name}`,
    "image: jammy:android15:amd64",
    "resources:",
    "  cpus: 2",
    "  memory: 3GB",
    "  disk-size: 3GB",
    "",
  ].join("\n");
  const client = clusterClient(harness, clusterId);
  const started = await client.sendStream<AmsOperation>({
    method: "POST",
    path: "/1.0/applications",
    headers: { "content-type": "application/octet-stream" },
    body: Readable.from([storedZip({ "manifest.yaml": manifest })]),
    maxBytes: 1024 * 1024,
  });
  await waitForSuccess(client, started.metadata.id);
  return name;
}

describe("a cluster without registry.url", () => {
  it("says the registry is off and lists nothing, without reading the registry", async () => {
    // An entry in the directory the cluster would fall back to: listed only if the registry were read.
    const ghost = join(harness.dataDir, "registry", "applications", "ghost");
    mkdirSync(ghost, { recursive: true });
    writeFileSync(
      join(ghost, "application.json"),
      JSON.stringify({ id: "ghost", name: "ghost", tags: [], versions: {} }),
    );
    const answer = await list("default");
    expect(answer).toEqual({ metadata: [], clusterId: "default", enabled: false, mode: "pull" });
    expect(
      (await clusterClient(harness).get<unknown[]>("/1.0/registry/applications")).metadata,
    ).not.toHaveLength(0);
  });

  it("lists the first cluster's registry when none is named", async () => {
    expect(
      (
        await expectStatus<RegistryApplicationsResponse>(
          call("GET", "/api/registry/applications"),
          200,
        )
      ).clusterId,
    ).toBe("default");
  });

  it("refuses push, pull and delete, saying why", async () => {
    for (const [method, path] of [
      ["POST", "/api/registry/applications/push?clusterId=default"],
      ["POST", "/api/registry/applications/pull?clusterId=default"],
      ["DELETE", "/api/registry/applications/ghost?clusterId=default"],
    ] as const) {
      const body = method === "POST" ? { id: "ghost" } : undefined;
      expect(await refusal(call(method, path, { body }), 400), `${method} ${path}`).toBe(
        "The registry is not enabled on cluster default: set registry.url to use it.",
      );
    }
  });
});

describe("a cluster whose registry synchronises by itself", () => {
  beforeAll(async () => {
    await configure("second", "registry.mode", "pull");
    await configure("second", "registry.url", join(harness.dataDir, "shared-registry"));
  });

  afterAll(async () => {
    await configure("second", "registry.mode", "manual");
  });

  it("lists its registry with its mode", async () => {
    const answer = await list("second");
    expect(answer).toMatchObject({ clusterId: "second", enabled: true, mode: "pull" });
  });

  it("refuses push, pull and delete by hand", async () => {
    for (const [method, path] of [
      ["POST", "/api/registry/applications/push?clusterId=second"],
      ["POST", "/api/registry/applications/pull?clusterId=second"],
      ["DELETE", "/api/registry/applications/anything?clusterId=second"],
    ] as const) {
      const body = method === "POST" ? { id: "anything" } : undefined;
      expect(await refusal(call(method, path, { body }), 400), `${method} ${path}`).toBe(
        "The registry of cluster second synchronises by itself (registry.mode=pull); " +
          "set registry.mode to manual to push, pull or delete by hand.",
      );
    }
  });
});

describe("a registry used by hand", () => {
  let name: string;

  beforeAll(async () => {
    for (const clusterId of ["default", "second"] as const) {
      await configure(clusterId, "registry.mode", "manual");
      await configure(clusterId, "registry.url", join(harness.dataDir, "shared-registry"));
    }
    name = await upload("default", "reg-shared");
  });

  it("pushes an application of one cluster, listed as held by that cluster", async () => {
    await transfer("POST", "/api/registry/applications/push?clusterId=default", { id: name });
    const answer = await list("second");
    expect(answer).toMatchObject({ clusterId: "second", enabled: true, mode: "manual" });
    const entry = answer.metadata.find((each) => each.name === name);
    expect(entry?.heldBy).toEqual(["default"]);
    expect(Object.keys(entry?.versions ?? {})).toEqual(["0"]);
  });

  it("pulls it into the other cluster, then held by both", async () => {
    await transfer("POST", "/api/registry/applications/pull?clusterId=second", { id: name });
    const held = await clusterClient(harness, "second").get<{ name: string }>(
      `/1.0/applications/${name}`,
    );
    expect(held.metadata.name).toBe(name);
    const entry = (await list("default")).metadata.find((each) => each.name === name);
    expect(entry?.heldBy).toEqual(["default", "second"]);
  });

  it("leaves a cluster that cannot be reached out of heldBy, and still lists", async () => {
    const reachable = { id: "default", client: clusterClient(harness, "default") };
    const far = { id: "far", client: new AmsClient("/nonexistent/ams.socket") };
    const app = await startTestApp({}, undefined, [reachable, far]);
    try {
      const cookie = await signInDirectly(app.context.db);
      const response = await app.app.inject({
        method: "GET",
        url: "/api/registry/applications?clusterId=default",
        headers: { ...sameOrigin, cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<RegistryApplicationsResponse>();
      expect(answer.metadata.find((each) => each.name === name)?.heldBy).toEqual(["default"]);
    } finally {
      await app.close();
    }
  });

  it("passes on the cluster's 404 for an unknown application", async () => {
    expect(
      await refusal(
        call("POST", "/api/registry/applications/push?clusterId=default", { body: { id: "nope" } }),
        404,
      ),
    ).toContain("nope not found");
    expect(
      await refusal(
        call("POST", "/api/registry/applications/pull?clusterId=second", { body: { id: "nope" } }),
        404,
      ),
    ).toContain("nope not found");
    expect(
      await refusal(call("DELETE", "/api/registry/applications/nope?clusterId=default"), 404),
    ).toContain("nope not found");
  });

  it("refuses a bad body or cluster, naming what is wrong", async () => {
    const push = (body: unknown, clusterId = "default") =>
      refusal(
        call("POST", `/api/registry/applications/push?clusterId=${clusterId}`, { body }),
        400,
      );
    expect(await push({})).toContain("id must be an application id or name");
    expect(await push({ id: " " })).toContain("id must not be empty");
    expect(await push({ id: name, force: true })).toContain("force");
    expect(await push({ id: name }, "nope")).toContain('Unknown cluster "nope"');
    expect(
      await refusal(call("POST", "/api/registry/applications/pull", { body: { id: name } }), 400),
    ).toContain("clusterId is required");
  });

  it("needs a session for every call, and refuses a write from another site", async () => {
    for (const [method, path] of [
      ["GET", "/api/registry/applications?clusterId=default"],
      ["POST", "/api/registry/applications/push?clusterId=default"],
      ["POST", "/api/registry/applications/pull?clusterId=default"],
      ["DELETE", `/api/registry/applications/${name}?clusterId=default`],
    ] as const) {
      expect((await call(method, path, { signedIn: false })).status, `${method} ${path}`).toBe(401);
    }
    const crossSite = await call("DELETE", `/api/registry/applications/${name}?clusterId=default`, {
      headers: { "sec-fetch-site": "cross-site", origin: "https://attacker.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await list("default")).metadata.map((each) => each.name)).toContain(name);
  });

  it("deletes it from the registry", async () => {
    await transfer("DELETE", `/api/registry/applications/${name}?clusterId=default`);
    expect((await list("second")).metadata.map((each) => each.name)).not.toContain(name);
    expect(
      await refusal(call("DELETE", `/api/registry/applications/${name}?clusterId=second`), 404),
    ).toContain("not found");
  });
});
