// The `/api/config` calls against the real dashboard and two embedded clusters: every key,
// described; changing one and seeing it kept; the cluster's refusals passed on, naming the key;
// the malformed, the signed-out and the cross-site refused. What the embedded cluster never does
// is config-stand-in.test.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  amsConfigSchema,
  apiErrorSchema,
  configKeyNames,
  configPatchResponseSchema,
  configResponseSchema,
  type ConfigKeyView,
  type ConfigResponse,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import { clusterClient, startSignedIn } from "./support/signed-in-harness.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };

import { refusal, send, type Answer } from "./support/http-answer.ts";

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
