// The `/api/config` calls against a stand-in AMS, for what the embedded cluster never does: keys
// the catalogue does not know, an operation that fails or does not finish, an answer that is no
// configuration.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { configPatchResponseSchema, configResponseSchema } from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import { sameOrigin, startTestApp, type TestApp } from "./registration-support.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";
import { refusal } from "./support/http-answer.ts";

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
