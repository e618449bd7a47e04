// The `/api/config` calls: against the real dashboard and two embedded clusters (every key,
// described; changing one and seeing it kept; the cluster's refusals passed on, naming the key;
// the malformed, the signed-out and the cross-site refused), and against a stand-in AMS for what
// the embedded cluster never does (keys the catalogue does not know, an operation that fails or
// does not finish, an answer that is no configuration).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  amsConfigSchema,
  apiErrorSchema,
  configKeyNames,
  configPatchResponseSchema,
  configResponseSchema,
  type ConfigKeyView,
  type ConfigResponse,
} from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import type { AuthHarness } from "./support/auth-harness.ts";
import { clusterClient, messageOf, startSignedIn } from "./support/signed-in-harness.ts";
import { sameOrigin, startTestApp, type TestApp } from "./registration-support.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function send(
  url: string,
  method: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(url, { method, headers: options.headers, body: options.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

function refusal(answer: Answer, status: number): string {
  expect(answer.status, answer.text).toBe(status);
  return messageOf(answer.body);
}

describe("with embedded clusters", () => {
  let harness: AuthHarness;
  let cookie: string;

  beforeAll(async () => {
    ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
  });

  afterAll(async () => {
    await harness.stop();
  });

  const call = (
    method: string,
    query: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> =>
    send(`${harness.url}/api/config${query}`, method, {
      headers: {
        cookie,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function keysOf(query: string): Promise<ConfigResponse["metadata"]> {
    const answer = await call("GET", query);
    expect(answer.status, answer.text).toBe(200);
    return configResponseSchema.parse(answer.body).metadata;
  }

  async function keyOf(clusterId: string, name: string): Promise<ConfigKeyView | undefined> {
    const { keys } = await keysOf(`?clusterId=${clusterId}`);
    return keys.find((key) => key.name === name);
  }

  /** What the cluster itself holds for a key, past the dashboard. */
  async function clusterValue(clusterId: string, name: string): Promise<unknown> {
    const { metadata } = await clusterClient(harness, clusterId).get<unknown>("/1.0/config");
    return amsConfigSchema.parse(metadata).config[name];
  }

  async function change(clusterId: string, name: string, value: unknown): Promise<ConfigKeyView> {
    const answer = await call("PATCH", `?clusterId=${clusterId}`, { name, value });
    expect(answer.status, answer.text).toBe(200);
    return configPatchResponseSchema.parse(answer.body).metadata;
  }

  describe("GET /api/config", () => {
    it("lists every key of the cluster, by name, described from the catalogue", async () => {
      const { clusterId, keys } = await keysOf("?clusterId=second");
      expect(clusterId).toBe("second");
      const names = keys.map((key) => key.name);
      expect(names).toEqual([...configKeyNames].sort());
      expect(keys.every((key) => key.known)).toBe(true);
      expect(keys.find((key) => key.name === "scheduler.strategy")).toEqual({
        name: "scheduler.strategy",
        value: "spread",
        type: "enum",
        default: "spread",
        description: expect.stringContaining("binpack") as unknown,
        allowed: ["spread", "binpack"],
        known: true,
      });
      expect(keys.find((key) => key.name === "node.queue_size")).toMatchObject({
        type: "integer",
        value: 100,
        min: 1,
        max: 100_000,
      });
      expect(keys.find((key) => key.name === "registry.update_interval")).toMatchObject({
        type: "duration",
        value: "1h",
      });
      expect(keys.find((key) => key.name === "images.allow_insecure")?.type).toBe("boolean");
      expect(keys.find((key) => key.name === "images.url")?.type).toBe("string");
    });

    it("answers the first cluster when none is named", async () => {
      expect((await keysOf("")).clusterId).toBe("default");
      expect((await keysOf("?clusterId=")).clusterId).toBe("default");
    });

    it("refuses an unknown cluster with a 400 naming it and the known ones", async () => {
      const message = refusal(await call("GET", "?clusterId=nowhere"), 400);
      expect(message).toContain('"nowhere"');
      expect(message).toContain("default, second");
    });
  });

  describe("PATCH /api/config", () => {
    it("changes one key of one cluster, waits for it, and answers the key as it now is", async () => {
      const changed = await change("default", "scheduler.strategy", "binpack");
      expect(changed).toMatchObject({
        name: "scheduler.strategy",
        value: "binpack",
        type: "enum",
        default: "spread",
        known: true,
      });
      // Done when answered: no wait needed to see it, on the cluster or through the dashboard.
      expect(await clusterValue("default", "scheduler.strategy")).toBe("binpack");
      expect((await keyOf("default", "scheduler.strategy"))?.value).toBe("binpack");
      expect((await keyOf("second", "scheduler.strategy"))?.value).toBe("spread");
      await change("default", "scheduler.strategy", "spread");
      expect(await clusterValue("default", "scheduler.strategy")).toBe("spread");
    });

    it("answers values typed, whether sent as AMS strings or JSON values", async () => {
      expect((await change("second", "node.queue_size", "250")).value).toBe(250);
      expect((await change("second", "application.auto_publish", "false")).value).toBe(false);
      expect((await change("second", "application.auto_publish", true)).value).toBe(true);
      expect((await change("second", "registry.update_interval", "1h30m")).value).toBe("1h30m");
    });

    it("keeps dots in values: feature flags such as foo.bar", async () => {
      const features = await change("default", "instance.features", "enable_virgl,foo.bar");
      expect(features.value).toBe("enable_virgl,foo.bar");
      expect(await clusterValue("default", "instance.features")).toBe("enable_virgl,foo.bar");
      expect((await change("default", "instance.features", "")).value).toBe("");
    });

    it("sets a key through its deprecated container.* name, answering its current name", async () => {
      const platform = await change("second", "container.default_platform", "webrtc");
      expect(platform).toMatchObject({ name: "instance.default_platform", value: "webrtc" });
      expect(await clusterValue("second", "instance.default_platform")).toBe("webrtc");
    });

    it("passes on the cluster's refusal of a value as a 400 naming the key, and keeps the value", async () => {
      const strategy = refusal(
        await call("PATCH", "?clusterId=default", { name: "scheduler.strategy", value: "random" }),
        400,
      );
      expect(strategy).toBe(
        `Invalid value for configuration key 'scheduler.strategy': must be one of "spread", "binpack"`,
      );
      const bounds = refusal(
        await call("PATCH", "?clusterId=default", { name: "node.queue_size", value: 0 }),
        400,
      );
      expect(bounds).toContain("'node.queue_size'");
      expect(bounds).toContain("from 1 to 100000");
      const duration = refusal(
        await call("PATCH", "?clusterId=default", {
          name: "images.update_interval",
          value: "5 minutes",
        }),
        400,
      );
      expect(duration).toContain("'images.update_interval'");
      expect(duration).toContain("duration");
      expect(await clusterValue("default", "scheduler.strategy")).toBe("spread");
      expect(await clusterValue("default", "images.update_interval")).toBe("5m");
    });

    it("refuses an unknown key with a 400 naming it", async () => {
      for (const name of ["no.such.key", "internal.seeded", "constructor"]) {
        const message = refusal(
          await call("PATCH", "?clusterId=default", { name, value: "1" }),
          400,
        );
        expect(message, name).toContain(`'${name}'`);
      }
    });

    it("refuses a malformed change with a 400 naming the field", async () => {
      const cases: [unknown, string][] = [
        [{ value: "x" }, "name"],
        [{ name: "", value: "x" }, "name"],
        [{ name: "scheduler.strategy" }, "value"],
        [{ name: "scheduler.strategy", value: { a: 1 } }, "value"],
        [{ name: "scheduler.strategy", value: null }, "value"],
        [{ name: "scheduler.strategy", value: "binpack", extra: 1 }, "extra"],
        [[], "configuration change"],
      ];
      for (const [body, field] of cases) {
        const message = refusal(await call("PATCH", "?clusterId=default", body), 400);
        expect(message, JSON.stringify(body)).toContain(field);
      }
      expect(await clusterValue("default", "scheduler.strategy")).toBe("spread");
    });

    it("refuses a body that is not JSON, or none, with a 400", async () => {
      const broken = await send(`${harness.url}/api/config?clusterId=default`, "PATCH", {
        headers: { cookie, "content-type": "application/json" },
        body: '{"name": "scheduler.strategy", "value": ',
      });
      expect(apiErrorSchema.parse(broken.body).message).not.toBe("");
      expect(broken.status, broken.text).toBe(400);
      const empty = await send(`${harness.url}/api/config?clusterId=default`, "PATCH", {
        headers: { cookie },
      });
      expect(refusal(empty, 400)).toContain("configuration change");
    });

    it("refuses an unknown cluster with a 400 naming it", async () => {
      const answer = await call("PATCH", "?clusterId=nowhere", {
        name: "scheduler.strategy",
        value: "binpack",
      });
      expect(refusal(answer, 400)).toContain('"nowhere"');
    });
  });

  describe("access", () => {
    it("needs a session for both calls", async () => {
      const signedOut = { cookie: "" };
      expect((await call("GET", "?clusterId=default", undefined, signedOut)).status).toBe(401);
      const write = await call(
        "PATCH",
        "?clusterId=default",
        { name: "scheduler.strategy", value: "binpack" },
        signedOut,
      );
      expect(write.status).toBe(401);
      expect(await clusterValue("default", "scheduler.strategy")).toBe("spread");
    });

    it("refuses a change from another site with 403, and leaves the key", async () => {
      const answer = await call(
        "PATCH",
        "?clusterId=default",
        { name: "scheduler.strategy", value: "binpack" },
        { "sec-fetch-site": "cross-site", origin: "https://attacker.example" },
      );
      expect(refusal(answer, 403)).toContain("Cross-site request refused");
      expect(await clusterValue("default", "scheduler.strategy")).toBe("spread");
    });
  });
});

describe("with a stand-in AMS", () => {
  let dir: string;
  let ams: Server;
  let app: TestApp | undefined;
  /** How the stand-in answers: the config it reports, and how a change's operation ends. */
  let config: unknown = {};
  let ending: { status: string; status_code: number; err: string };
  const changes: unknown[] = [];

  const operation = (fields: object) => ({
    id: "op-1",
    class: "task",
    description: "Updating configuration",
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    resources: {},
    metadata: null,
    may_cancel: false,
    server_address: "",
    ...fields,
  });

  /** The stand-in's answer to a call: its status and envelope. */
  function standInAnswer(
    method: string | undefined,
    url: string | undefined,
    body: string,
  ): [number, object] {
    const sync = (metadata: unknown): [number, object] => [
      200,
      { type: "sync", status: "Success", status_code: 200, metadata },
    ];
    if (method === "GET" && url === "/1.0/config") return sync(config);
    if (method === "PATCH" && url === "/1.0/config") {
      changes.push(JSON.parse(body) as unknown);
      return [
        202,
        {
          type: "async",
          status: "Operation created",
          status_code: 100,
          operation: "/1.0/operations/op-1",
          metadata: operation({ status: "Running", status_code: 103, err: "" }),
        },
      ];
    }
    if (url?.startsWith("/1.0/operations/op-1/wait") === true) return sync(operation(ending));
    return [404, { type: "error", error: "not found", error_code: 404 }];
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "config-ams-"));
    ams = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const [status, envelope] = standInAnswer(
          request.method,
          request.url,
          Buffer.concat(chunks).toString(),
        );
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(envelope));
      });
    });
    await new Promise<void>((resolve) => ams.listen(join(dir, "ams.socket"), resolve));
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  afterAll(() => {
    ams.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function inject(method: "GET" | "PATCH", body?: unknown) {
    app = await startTestApp({}, undefined, [
      { id: "real", client: new AmsClient(join(dir, "ams.socket")) },
    ]);
    const cookie = await signInDirectly(app.context.db);
    const response = await app.app.inject({
      method,
      url: "/api/config?clusterId=real",
      headers: { ...sameOrigin, cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json<unknown>(), text: response.body };
  }

  it("lists a key the catalogue does not know as text, known: false, among the known", async () => {
    config = {
      config: { "scheduler.strategy": "binpack", "core.proxy_http": "http://proxy:3128" },
    };
    const answer = await inject("GET");
    expect(answer.status, answer.text).toBe(200);
    expect(configResponseSchema.parse(answer.body).metadata.keys).toEqual([
      {
        name: "core.proxy_http",
        value: "http://proxy:3128",
        type: "string",
        description: "",
        known: false,
      },
      expect.objectContaining({ name: "scheduler.strategy", value: "binpack", known: true }),
    ]);
  });

  it("answers a 502 naming the cluster when its answer is no configuration", async () => {
    config = { config: { "scheduler.strategy": { nested: true } } };
    // The field that is wrong is named (the AMS layer reads every answer with its schema).
    expect(refusal(await inject("GET"), 502)).toMatch(
      /^Cluster "real" answered a configuration the dashboard cannot read at "config\.scheduler\.strategy": /,
    );
  });

  it("sends {name, value} as given, dots and dashes in the name, and answers an unknown key", async () => {
    // A name the catalogue does not know, with dots and dashes: AMS once refused such names.
    const name = "features.enable-foo.bar";
    config = { config: { [name]: "on.1" } };
    ending = { status: "Success", status_code: 200, err: "" };
    changes.length = 0;
    const answer = await inject("PATCH", { name, value: "on.1" });
    expect(answer.status, answer.text).toBe(200);
    expect(changes).toEqual([{ name, value: "on.1" }]);
    expect(configPatchResponseSchema.parse(answer.body).metadata).toEqual({
      name,
      value: "on.1",
      type: "string",
      description: "",
      known: false,
    });
  });

  it("answers a failed operation as a 400 with its error, naming the key", async () => {
    ending = { status: "Failure", status_code: 400, err: "the store is read-only" };
    const message = refusal(await inject("PATCH", { name: "gpu.type", value: "nvidia" }), 400);
    expect(message).toBe("Could not set configuration key 'gpu.type': the store is read-only");
  });

  it("answers a 503 when the operation has not finished within the wait", async () => {
    ending = { status: "Running", status_code: 103, err: "" };
    const message = refusal(await inject("PATCH", { name: "gpu.type", value: "nvidia" }), 503);
    expect(message).toBe("Cluster \"real\" did not finish setting 'gpu.type' within 30 s.");
  });
});
