// Permissions decided on the real dashboard with two embedded clusters: what a user outside the
// admin group sees in lists, what they may do to one resource, item by item in bulk calls, and
// what they own by making it. Each refusal names what was missing; what they may not view is a
// 404, and is never named in a list, a count or a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { AmsOperation, Grant } from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import { signInDirectly, signInHolding } from "./support/sign-in-directly.ts";
import {
  callApi,
  clusterClient,
  messageOf,
  startSignedIn,
  waitForSuccess,
} from "./support/signed-in-harness.ts";
import { createGroup, replaceGroup } from "../src/store/authorization-groups.ts";
import { connect, expectOpened } from "./support/test-websocket.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let admin: string;
const ids: Record<string, string> = {};
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;

async function createOn(clusterId: string, name: string): Promise<string> {
  const client = clusterClient(harness, clusterId);
  const started = await client.post<AmsOperation>("/1.0/instances", { name, no_start: true });
  await waitForSuccess(client, started.metadata.id);
  return started.metadata.resources.instances?.[0]?.split("/").at(-1) ?? "";
}

/** A new user in a new group holding `permissions`: their session's cookie. */
const userHolding = (permissions: Grant[]) => signInHolding(harness.db, permissions);

function call(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return callApi(harness, cookie, method, path, body);
}

interface Listed {
  metadata: { id: string; clusterId: string }[];
  total_size?: number;
}

function listed(body: unknown): string[] {
  return (body as Listed).metadata.map((item) => `${item.clusterId}/${item.id}`).sort();
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie: admin } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "lab,prod" }));
  ids.one = await createOn("lab", "one");
  ids.two = await createOn("lab", "two");
  ids.three = await createOn("prod", "three");
}, 60_000);

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

describe("a user in no group", () => {
  it("sees no cluster and no instance, and what exists is answered as absent", async () => {
    const nobody = await signInDirectly(harness.db, []);
    expect((await call(nobody, "GET", "/api/clusters")).body).toEqual([]);
    const instances = await call(nobody, "GET", "/api/instances");
    expect(instances.body).toEqual({ metadata: [], total_size: 0 });
    const one = await call(nobody, "GET", `/api/instances/${ids.one ?? ""}?clusterId=lab`);
    expect(one.status).toBe(404);
    expect(messageOf(one.body)).toBe(
      `There is no instance:lab/${ids.one ?? ""}, or you may not view it.`,
    );
    // A cluster they cannot see is not named back to them, even as "unknown".
    const bulk = await call(nobody, "DELETE", "/api/instances", {
      instances: [{ id: ids.one, clusterId: "lab" }],
    });
    expect(bulk.status).toBe(400);
    expect(messageOf(bulk.body)).toBe('Unknown cluster "lab": known clusters are none.');
    expect((await call(nobody, "GET", "/api/operations")).body).toEqual({ metadata: [] });
    // Their own account is theirs all the same, and the dashboard opens for them.
    expect((await call(nobody, "GET", "/api/profile")).status).toBe(200);
    const info = await call(nobody, "GET", "/api/info");
    expect(info.body).toMatchObject({ ams_version: "", config_enabled: false });
    const named = await call(nobody, "GET", "/api/info?clusterId=lab");
    expect(named.status).toBe(400);
  });
});

describe("a tester who may view one cluster, create instances and stream there", () => {
  let tester: string;
  beforeAll(async () => {
    tester = await userHolding([
      { entitlement: "can_view", resource: "cluster:lab" },
      { entitlement: "can_create_instances", resource: "cluster:lab" },
      { entitlement: "can_stream", resource: "cluster:lab" },
    ]);
  });

  it("lists that cluster and its instances only, counted and paged as such", async () => {
    const clusters = (await call(tester, "GET", "/api/clusters")).body as { id: string }[];
    expect(clusters.map((cluster) => cluster.id)).toEqual(["lab"]);
    const all = await call(tester, "GET", "/api/instances?page=1&size=30");
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect((all.body as Listed).total_size).toBe(2);
    expect(listed(all.body)).toEqual([`lab/${ids.one ?? ""}`, `lab/${ids.two ?? ""}`].sort());
    // The admin sees the other cluster's too.
    const everything = await call(admin, "GET", "/api/instances?page=1&size=30");
    expect(listed(everything.body)).toContain(`prod/${ids.three ?? ""}`);
    const prod = await call(tester, "GET", "/api/instances?subclusters=prod");
    expect(prod.status).toBe(400);
  });

  it("is told what it may do with each resource when it asks (?entitlements=1)", async () => {
    const clusters = await call(tester, "GET", "/api/clusters?entitlements=1");
    expect(clusters.body).toEqual([
      expect.objectContaining({
        id: "lab",
        access_entitlements: ["can_view", "can_create_instances", "can_stream"],
      }),
    ]);
    const one = await call(
      tester,
      "GET",
      `/api/instances/${ids.one ?? ""}?clusterId=lab&entitlements=1`,
    );
    expect(one.body).toMatchObject({
      metadata: { id: ids.one, access_entitlements: ["can_view", "can_stream"] },
    });
    const list = await call(tester, "GET", "/api/instances?entitlements=true");
    const items = (list.body as { metadata: { access_entitlements: string[] }[] }).metadata;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.access_entitlements).toContain("can_stream");
    // Not asked, not given; asked wrongly, refused with what to give.
    const plain = await call(tester, "GET", `/api/instances/${ids.one ?? ""}?clusterId=lab`);
    expect(plain.body).not.toHaveProperty("metadata.access_entitlements");
    const wrong = await call(tester, "GET", "/api/instances?entitlements=yes");
    expect(wrong.status).toBe(400);
    expect(messageOf(wrong.body)).toBe(
      "Give entitlements once, as 1 (or true) to have them, 0 not to.",
    );
    // The admin may do everything an instance's catalogue lists.
    const asAdmin = await call(
      admin,
      "GET",
      `/api/instances/${ids.one ?? ""}?clusterId=lab&entitlements=1`,
    );
    expect(asAdmin.body).toMatchObject({
      metadata: {
        access_entitlements: [
          "can_view",
          "can_edit",
          "can_delete",
          "can_view_logs",
          "can_exec",
          "can_stream",
          "can_share",
        ],
      },
    });
  });

  it("is refused what it lacks with a 403 naming it, and what it cannot see with a 404", async () => {
    const deleteOne = await call(tester, "DELETE", `/api/instances/${ids.one ?? ""}?clusterId=lab`);
    expect(deleteOne.status).toBe(403);
    expect(messageOf(deleteOne.body)).toBe(
      `You may not do this: needs can_delete on instance:lab/${ids.one ?? ""}.`,
    );
    const config = await call(tester, "GET", "/api/config?clusterId=lab");
    expect(messageOf(config.body)).toBe(
      "You may not do this: needs can_view_config on cluster:lab.",
    );
    const elsewhere = await call(tester, "POST", "/api/instances?clusterId=prod", {
      name: "nope",
    });
    expect(elsewhere.status).toBe(404);
    expect(messageOf(elsewhere.body)).toBe("There is no cluster:prod, or you may not view it.");
    const exec = await call(tester, "POST", `/api/instances/${ids.one ?? ""}/exec?clusterId=lab`, {
      height: 24,
      width: 80,
    });
    expect(messageOf(exec.body)).toBe(
      `You may not do this: needs can_exec on instance:lab/${ids.one ?? ""}.`,
    );
  });

  it("owns what it creates: may delete it, and a bulk call does what is allowed and reports the rest", async () => {
    const created = await call(tester, "POST", "/api/instances?clusterId=lab", {
      name: `mine-${randomUUID().slice(0, 6)}`,
      no_start: true,
    });
    expect(created.status).toBe(202);
    const operation = (created.body as { metadata: AmsOperation }).metadata;
    await waitForSuccess(clusterClient(harness, "lab"), operation.id);
    const mine = operation.resources.instances?.[0]?.split("/").at(-1) ?? "";
    const logs = await call(tester, "GET", `/api/instances/${mine}/logs?clusterId=lab`);
    expect(logs.status).toBe(200);
    // Its page names its owner; one made through the cluster's API has none.
    expect((await call(tester, "GET", `/api/instances/${mine}?clusterId=lab`)).body).toMatchObject({
      metadata: { owner: { name: "Ada Lovelace" } },
    });
    expect(
      (await call(tester, "GET", `/api/instances/${ids.two ?? ""}?clusterId=lab`)).body,
    ).toMatchObject({ metadata: { owner: null } });
    // An image's page names its owner too: the cluster's own images have none.
    const images = await call(admin, "GET", "/api/images?clusterId=lab");
    const [image] = (images.body as { metadata: { id: string }[] }).metadata;
    expect(
      (await call(admin, "GET", `/api/images/${image?.id ?? ""}?clusterId=lab`)).body,
    ).toMatchObject({ metadata: { owner: null } });

    const bulk = await call(tester, "DELETE", "/api/instances", {
      instances: [
        { id: mine, clusterId: "lab" },
        { id: ids.two, clusterId: "lab" },
      ],
    });
    expect(bulk.status).toBe(200);
    const results = (
      bulk.body as { metadata: { results: { id: string; success: boolean; error: string }[] } }
    ).metadata.results;
    expect(results.find((result) => result.id === mine)).toMatchObject({ success: true });
    expect(results.find((result) => result.id === ids.two)).toMatchObject({
      success: false,
      error: `You may not do this: needs can_delete on instance:lab/${ids.two ?? ""}.`,
    });
    // The admin's instance is still there.
    expect((await call(admin, "GET", `/api/instances/${ids.two ?? ""}?clusterId=lab`)).status).toBe(
      200,
    );
  });
});

describe("a user granted one instance", () => {
  it("sees that instance alone, in the list and its count, and nothing else of its cluster", async () => {
    const viewer = await userHolding([
      { entitlement: "can_view", resource: `instance:lab/${ids.two ?? ""}` },
    ]);
    const list = await call(viewer, "GET", "/api/instances?page=1&size=30");
    expect(list.body).toMatchObject({ total_size: 1 });
    expect(listed(list.body)).toEqual([`lab/${ids.two ?? ""}`]);
    expect(
      (await call(viewer, "GET", `/api/instances/${ids.one ?? ""}?clusterId=lab`)).status,
    ).toBe(404);
    // A bulk call on one it cannot see reports it as missing, in the cluster's words.
    const bulk = await call(viewer, "PATCH", "/api/instance_bulk", {
      instances: [{ id: ids.one, clusterId: "lab" }],
      desired_status: "running",
    });
    expect(bulk.body).toMatchObject({
      metadata: { results: [{ success: false, error: `Instance "${ids.one ?? ""}" not found` }] },
    });
    const nodes = await call(viewer, "GET", "/api/nodes");
    expect(nodes.body).toMatchObject({ metadata: [], total_size: 0 });
    const config = await call(viewer, "GET", "/api/config?clusterId=lab");
    expect(config.status).toBe(403);
  });
});

describe("the events of a cluster one may view part of", () => {
  it("carry only what one may view, at the cluster's index among those one sees", async () => {
    const viewer = await userHolding([
      { entitlement: "can_view", resource: `instance:prod/${ids.three ?? ""}` },
    ]);
    const ws = harness.url.replace("http", "ws");
    const listen = async (cookie: string, index: number) => {
      const auth = await call(cookie, "POST", "/api/events/auth?clusterId=prod");
      expect(auth.status, JSON.stringify(auth.body)).toBe(200);
      const { token } = (auth.body as { metadata: { token: string } }).metadata;
      const url = `${ws}/ams/${String(index)}/1.0/events?secret=${token}`;
      return expectOpened(await connect(url, { cookie, origin: harness.url }));
    };
    // prod is second of all, and the first (the only one) of those this user sees.
    const theirs = await listen(viewer, 0);
    const admins = await listen(admin, 1);

    const other = await createOn("prod", `other-${randomUUID().slice(0, 6)}`);
    const client = clusterClient(harness, "prod");
    const update = await client.patch<AmsOperation>(`/1.0/instances/${ids.three ?? ""}`, {
      config: { security: { delete_protected: false } },
    });
    const done = (message: string) =>
      message.includes(update.metadata.id) && message.includes('"Success"');
    await theirs.waitForMessage(done);
    await admins.waitForMessage(done);

    // The admin heard the other instance being made; this user heard nothing of it.
    expect(admins.messages.some((message) => message.includes(other))).toBe(true);
    expect(theirs.messages.filter((message) => message.includes(other))).toEqual([]);
    const types = theirs.messages.map((message) => (JSON.parse(message) as { type: string }).type);
    expect(types).not.toContain("logging");
    expect(
      theirs.messages.some(
        (message) =>
          message.includes('"instance-updated"') && message.includes(ids.three ?? "unknown"),
      ),
    ).toBe(true);
    theirs.socket.close();
    admins.socket.close();
  });
});

describe("view as", () => {
  it("shows an admin what an identity sees, read-only, until they stop", async () => {
    const viewer = await userHolding([
      { entitlement: "can_view", resource: `instance:prod/${ids.three ?? ""}` },
    ]);
    const { email } = (await call(viewer, "GET", "/api/profile")).body as { email: string };
    const identities = await call(admin, "GET", "/api/auth/identities");
    const viewerId =
      (identities.body as { metadata: { id: string; email: string }[] }).metadata.find(
        (identity) => identity.email === email,
      )?.id ?? "";
    const looking = await signInDirectly(harness.db);
    const clusterIds = async () =>
      ((await call(looking, "GET", "/api/clusters")).body as { id: string }[]).map(
        (cluster) => cluster.id,
      );

    // Only an admin may, and not as themselves.
    const refused = await call(viewer, "PUT", "/api/profile/view-as", { identity: viewerId });
    expect(messageOf(refused.body)).toBe("You may not do this: needs admin on server.");
    expect(await clusterIds()).toEqual(["lab", "prod"]);
    expect(
      (await call(looking, "PUT", "/api/profile/view-as", { identity: viewerId })).status,
    ).toBe(204);

    expect(await clusterIds()).toEqual(["prod"]);
    expect(listed((await call(looking, "GET", "/api/instances")).body)).toEqual([
      `prod/${ids.three ?? ""}`,
    ]);
    expect((await call(looking, "GET", "/api/auth/permissions")).body).toMatchObject({
      metadata: { viewingAs: { id: viewerId, email }, groups: [expect.any(String)] },
    });
    const change = await call(
      looking,
      "DELETE",
      `/api/instances/${ids.three ?? ""}?clusterId=prod`,
    );
    expect(change.status).toBe(403);
    expect(messageOf(change.body)).toBe(
      "You are viewing the dashboard as Ada Lovelace: it is read-only. Stop viewing as them to make changes.",
    );
    // The admin's other sessions see as the admin.
    expect(((await call(admin, "GET", "/api/clusters")).body as unknown[]).length).toBe(2);

    expect((await call(looking, "DELETE", "/api/profile/view-as")).status).toBe(204);
    expect(await clusterIds()).toEqual(["lab", "prod"]);
    expect((await call(looking, "GET", "/api/auth/permissions")).body).toMatchObject({
      metadata: { viewingAs: null, groups: ["admin"] },
    });
  });
});

describe("taking a permission away", () => {
  it("closes what it opened, as the events socket of a cluster, at the watch's next check", async () => {
    const group = `g-${randomUUID().slice(0, 8)}`;
    await createGroup(harness.db, group, "");
    await replaceGroup(harness.db, group, {
      description: "",
      permissions: [{ entitlement: "can_view", resource: "cluster:lab" }],
    });
    const viewer = await signInDirectly(harness.db, [group]);
    const auth = await call(viewer, "POST", "/api/events/auth?clusterId=lab");
    const { token } = (auth.body as { metadata: { token: string } }).metadata;
    const url = `${harness.url.replace("http", "ws")}/ams/0/1.0/events?secret=${token}`;
    const socket = expectOpened(await connect(url, { cookie: viewer, origin: harness.url }));

    const takenAt = Date.now();
    await replaceGroup(harness.db, group, { description: "", permissions: [] });
    expect(await socket.closed).toEqual({ code: 4003, reason: "You may no longer do this" });
    // The watch checks every 400 ms; the bound leaves room for a loaded machine.
    expect(Date.now() - takenAt).toBeLessThan(3000);
    // And it cannot be opened again: the cluster is not one they know.
    const again = await call(viewer, "POST", "/api/events/auth?clusterId=lab");
    expect(again.status).toBe(400);
    expect(messageOf(again.body)).toBe('Unknown cluster "lab": known clusters are none.');
  });
});
