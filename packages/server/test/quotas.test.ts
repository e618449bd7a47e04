// Quotas (issue 38) on the real dashboard and its embedded cluster: limits set on a group, kept
// at create, start (one and in bulk) and join, never overshot by requests sent at once, shown
// with their usage, changed only by an administrator; and the command line's `group limit`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type {
  AmsInstance,
  AmsOperation,
  ClusterSession,
  GroupLimit,
  GroupQuota,
  InstanceBulkResponse,
  SessionJoinResponse,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";
import {
  callApi,
  clusterClient,
  messageOf,
  startSignedIn,
  uniqueName,
  waitForOperation,
} from "./support/signed-in-harness.ts";
import { createGroup, replaceGroup } from "../src/store/authorization-groups.ts";
import { startLapsedViewsSweep } from "../src/quotas/lapsed-views.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
const image = "jammy:android15:amd64";
let harness: AuthHarness;
let admin: string;
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;

/** A new group whose members may create instances and stream on the cluster; a member's cookie. */
async function newTeam(): Promise<{ group: string; member: string }> {
  const group = uniqueName("team");
  await createGroup(harness.db, group, "");
  await replaceGroup(harness.db, group, {
    description: "",
    permissions: [
      { entitlement: "can_create_instances", resource: "cluster:default" },
      { entitlement: "can_view", resource: "cluster:default" },
      { entitlement: "can_stream", resource: "cluster:default" },
    ],
  });
  return { group, member: await signInDirectly(harness.db, [group]) };
}

async function setLimits(group: string, limits: GroupLimit[]): Promise<void> {
  const read = await callApi(harness, admin, "GET", `/api/auth/groups/${group}`);
  const { permissions } = (read.body as { metadata: { permissions: unknown[] } }).metadata;
  const put = await callApi(harness, admin, "PUT", `/api/auth/groups/${group}`, {
    permissions,
    limits,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

function create(cookie: string, body: Record<string, unknown>) {
  return callApi(harness, cookie, "POST", "/api/instances?clusterId=default", {
    image_id: image,
    no_start: true,
    ...body,
  });
}

function idOf(answer: { body: unknown }): string {
  const operation = (answer.body as { metadata: AmsOperation }).metadata;
  const path = operation.resources.instances?.[0] ?? "";
  return path.slice(path.lastIndexOf("/") + 1);
}

async function quotasOf(cookie: string): Promise<GroupQuota[]> {
  const answer = await callApi(harness, cookie, "GET", "/api/quotas");
  expect(answer.status).toBe(200);
  return (answer.body as { metadata: GroupQuota[] }).metadata;
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie: admin } = await startSignedIn(ada));
}, 60_000);

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

describe("a group's limits", () => {
  it("are set by an administrator, read with the group, and refused from anyone else", async () => {
    const { group, member } = await newTeam();
    await setLimits(group, [
      { key: "instances", value: 5, cluster: null },
      { key: "memory", value: 8e9, cluster: "default" },
    ]);
    const read = await callApi(harness, admin, "GET", `/api/auth/groups/${group}`);
    expect((read.body as { metadata: { limits: GroupLimit[] } }).metadata.limits).toEqual([
      { key: "instances", value: 5, cluster: null },
      { key: "memory", value: 8e9, cluster: "default" },
    ]);
    // A PUT without limits keeps them (a client that knows none).
    await callApi(harness, admin, "PUT", `/api/auth/groups/${group}`, { permissions: [] });
    const kept = await callApi(harness, admin, "GET", `/api/auth/groups/${group}`);
    expect((kept.body as { metadata: { limits: GroupLimit[] } }).metadata.limits).toHaveLength(2);

    // Who may edit the group (here: holds can_edit on it) may not lift its limits.
    const editors = uniqueName("editors");
    await createGroup(harness.db, editors, "");
    await replaceGroup(harness.db, editors, {
      description: "",
      permissions: [{ entitlement: "can_edit", resource: `group:${group}` }],
    });
    const editor = await signInDirectly(harness.db, [editors, group]);
    const lifted = await callApi(harness, editor, "PUT", `/api/auth/groups/${group}`, {
      permissions: [],
      limits: [],
    });
    expect(lifted.status).toBe(403);
    expect(messageOf(lifted.body)).toContain("admin on server");

    // Nor lift them by deleting the group, or by taking someone out of it.
    const identities = await callApi(harness, admin, "GET", "/api/auth/identities");
    const memberEmail = (
      (await callApi(harness, member, "GET", "/api/profile")).body as { email: string }
    ).email;
    const memberId =
      (identities.body as { metadata: { id: string; email: string }[] }).metadata.find(
        (identity) => identity.email === memberEmail,
      )?.id ?? "";
    await replaceGroup(harness.db, editors, {
      description: "",
      permissions: [
        { entitlement: "can_edit", resource: `group:${group}` },
        { entitlement: "can_delete", resource: `group:${group}` },
        { entitlement: "can_edit", resource: `identity:${memberId}` },
        { entitlement: "can_create_instances", resource: "cluster:default" },
        { entitlement: "can_view", resource: "cluster:default" },
        { entitlement: "can_stream", resource: "cluster:default" },
      ],
    });
    const deleted = await callApi(harness, editor, "DELETE", `/api/auth/groups/${group}`);
    expect(deleted.status).toBe(403);
    expect(messageOf(deleted.body)).toContain("Only an administrator (admin on server) may");
    const takenOut = await callApi(harness, editor, "PUT", `/api/auth/identities/${memberId}`, {
      groups: [],
    });
    expect(takenOut.status).toBe(403);
    expect(messageOf(takenOut.body)).toContain(`take someone out of ${group}, which has limits`);

    const bad = [
      { limits: [{ key: "phones", value: 1 }] },
      { limits: [{ key: "instances", value: -1 }] },
      { limits: [{ key: "instances", value: 1.5 }] },
      {
        limits: [
          { key: "instances", value: 1 },
          { key: "instances", value: 2 },
        ],
      },
      { limits: [{ key: "instances", value: 1, cluster: "mars" }] },
    ];
    for (const body of bad) {
      const answer = await callApi(harness, admin, "PUT", `/api/auth/groups/${group}`, {
        permissions: [],
        ...body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(messageOf(answer.body)).toMatch(/limits|mars/);
    }
  });
});

describe("instances within a quota", () => {
  it("never overshoots with creates sent at once at the quota's edge", async () => {
    const { group, member } = await newTeam();
    await setLimits(group, [{ key: "instances", value: 3, cluster: null }]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        create(member, { name: uniqueName(`q${String(index)}`) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([202, 202, 202, 403, 403, 403]);
    const refusal = messageOf(answers.find((answer) => answer.status === 403)?.body);
    expect(refusal).toBe(
      `Quota reached: group ${group} may have 3 instances over all clusters, and has 3 instances; creating this instance would make 4. An administrator (admin on server: group admin) can raise it.`,
    );
    const [quota] = await quotasOf(member);
    expect(quota).toMatchObject({
      group,
      fromProvider: false,
      lines: [{ key: "instances", value: 3, cluster: null, used: 3 }],
    });

    // A deleted instance stops counting: the next create fits.
    const first = answers.find((answer) => answer.status === 202);
    const gone = await callApi(
      harness,
      member,
      "DELETE",
      `/api/instances/${first === undefined ? "" : idOf(first)}?clusterId=default`,
      { force: true },
    );
    expect(gone.status).toBe(202);
    await waitForOperation(
      clusterClient(harness),
      (gone.body as { metadata: AmsOperation }).metadata.id,
    );
    expect((await create(member, { name: uniqueName("after") })).status).toBe(202);
  });

  it("counts the sizes an instance reserves, on the cluster a limit names", async () => {
    const { group, member } = await newTeam();
    await setLimits(group, [
      { key: "cpus", value: 5, cluster: "default" },
      { key: "memory", value: 6e9, cluster: null },
    ]);
    const two = { cpus: 2, memory: 3e9 };
    expect((await create(member, { resources: two })).status).toBe(202);
    const tooMany = await create(member, { resources: { cpus: 4, memory: 1e9 } });
    expect(tooMany.status).toBe(403);
    expect(messageOf(tooMany.body)).toContain(
      `group ${group} may have 5 CPU cores on cluster default, and has 2 CPU cores; creating this instance would make 6.`,
    );
    // Without resources, the cluster's defaults are counted: 2 CPUs, 3 GB.
    expect((await create(member, {})).status).toBe(202);
    const noMemory = await create(member, { resources: { cpus: 1, memory: 1e9 } });
    expect(messageOf(noMemory.body)).toContain(
      "may have 6 GB memory over all clusters, and has 6 GB",
    );
    const usage = await callApi(harness, admin, "GET", `/api/auth/groups/${group}/usage`);
    expect((usage.body as { metadata: GroupQuota }).metadata).toMatchObject({
      lines: [
        { key: "cpus", value: 5, cluster: "default", used: 4 },
        { key: "memory", value: 6e9, cluster: null, used: 6e9 },
      ],
      totals: { instances: 2, running_instances: 0, cpus: 4, memory: 6e9 },
    });
  });

  it("keeps running instances within their limit at start, alone and in bulk", async () => {
    const { group, member } = await newTeam();
    await setLimits(group, [{ key: "running_instances", value: 1, cluster: null }]);
    const ids = [];
    for (let index = 0; index < 3; index++) {
      ids.push(idOf(await create(member, { name: uniqueName(`r${String(index)}`) })));
    }
    const start = (id: string) =>
      callApi(harness, member, "PATCH", `/api/instances/${id}?clusterId=default`, {
        desired_status: "running",
      });
    expect((await start(ids[0] ?? "")).status).toBe(202);
    // Starting what runs already takes nothing more.
    expect((await start(ids[0] ?? "")).status).toBe(202);
    const second = await start(ids[1] ?? "");
    expect(second.status).toBe(403);
    expect(messageOf(second.body)).toContain("may have 1 running instances over all clusters");

    const bulk = await callApi(harness, member, "PATCH", "/api/instance_bulk", {
      desired_status: "running",
      instances: ids.map((id) => ({ id, clusterId: "default" })),
    });
    expect(bulk.status).toBe(200);
    const results = (bulk.body as InstanceBulkResponse).metadata.results;
    expect(results.map((result) => result.success)).toEqual([true, false, false]);
    expect(results[1]?.error).toMatch(/^Quota reached: group .* running instances/);

    // An instance no quota holds yet (made outside the dashboard) counts against its starter's.
    const outside = await clusterClient(harness).post<AmsOperation>("/1.0/instances", {
      name: uniqueName("outside"),
      image_id: image,
      no_start: true,
    });
    await waitForOperation(clusterClient(harness), outside.metadata.id);
    const outsideId = idOf({ body: outside });
    await replaceGroup(harness.db, group, {
      description: "",
      permissions: [
        { entitlement: "can_create_instances", resource: "cluster:default" },
        { entitlement: "can_view", resource: "cluster:default" },
        { entitlement: "can_edit", resource: "cluster:default" },
      ],
    });
    const adopted = await start(outsideId);
    expect(adopted.status).toBe(403);
    expect(messageOf(adopted.body)).toContain(`group ${group} may have 1 running instances`);

    // An admin's instances are charged to the admin group, which has no limit.
    const own = await create(admin, { name: uniqueName("admins") });
    expect(
      (
        await callApi(harness, admin, "PATCH", `/api/instances/${idOf(own)}?clusterId=default`, {
          desired_status: "running",
        })
      ).status,
    ).toBe(202);
  });
});

describe("streams within a quota", () => {
  // Two streams, made once: each test's group joins them anew (a join replaces the viewer).
  let one: string;
  let two: string;
  beforeAll(async () => {
    [one, two] = [await streamable(), await streamable()];
  }, 60_000);

  /** A streamable instance made by the admin, running: its stream session's id. */
  async function streamable(): Promise<string> {
    const made = await clusterClient(harness).post<AmsOperation>("/1.0/instances", {
      name: uniqueName("streams"),
      image_id: image,
      config: { enable_streaming: true },
    });
    await waitForOperation(clusterClient(harness), made.metadata.id);
    const path = made.metadata.resources.instances?.[0] ?? "";
    const instance = await clusterClient(harness).get<AmsInstance>(path);
    const tag = instance.metadata.tags.find((candidate) => candidate.startsWith("session="));
    const sessionId = tag?.slice("session=".length) ?? "";
    for (let attempt = 0; attempt < 100; attempt++) {
      const read = await callApi(harness, admin, "GET", `/api/sessions/${sessionId}`);
      if ((read.body as { metadata?: ClusterSession }).metadata?.status === "active")
        return sessionId;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the session did not become active");
  }

  it("refuses a second concurrent stream, not a rejoin, and frees it when the page leaves", async () => {
    const { group, member } = await newTeam();
    await setLimits(group, [{ key: "concurrent_streams", value: 1, cluster: null }]);
    const join = async (session: string) => {
      const answer = await callApi(harness, member, "POST", `/api/sessions/${session}/join`, {});
      return { ...answer, view: (answer.body as SessionJoinResponse).view_id ?? "" };
    };
    const first = await join(one);
    expect(first.status).toBe(200);
    const again = await join(one);
    expect(again.status).toBe(200);
    const refused = await join(two);
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toContain(
      `group ${group} may have 1 concurrent streams over all clusters, and has 1 concurrent streams; joining this stream would make 2.`,
    );
    // The page says it still plays its view; the view the rejoin replaced has ended.
    const watching = (view: string) =>
      callApi(harness, member, "POST", `/api/sessions/${one}/watching?view=${view}`);
    expect((await watching(again.view)).body).toEqual({ watching: true });
    expect((await watching(first.view)).body).toEqual({ watching: false });
    expect((await callApi(harness, member, "POST", `/api/sessions/${one}/watching`)).status).toBe(
      400,
    );
    const [quota] = await quotasOf(member);
    expect(quota?.lines).toEqual([{ key: "concurrent_streams", value: 1, cluster: null, used: 1 }]);

    // Leaving the replaced view changes nothing; leaving the live one frees the quota.
    const left = (view: string) =>
      callApi(harness, member, "POST", `/api/sessions/${one}/left?view=${view}`);
    expect((await left(first.view)).status).toBe(204);
    expect((await join(two)).status).toBe(403);
    expect((await left(again.view)).status).toBe(204);
    expect((await join(two)).status).toBe(200);
    // Refusals are in the audit trail as refused, with the limit named; the words that a page
    // still plays are not recorded.
    const audit = await callApi(harness, admin, "GET", "/api/audit?size=100");
    const entries = (
      audit.body as { metadata: { action: string; outcome: string; detail: string }[] }
    ).metadata;
    expect(
      entries.some(
        (entry) =>
          entry.action === "stream-joined" &&
          entry.outcome === "refused" &&
          entry.detail.includes("concurrent streams"),
      ),
    ).toBe(true);
    expect(entries.filter((entry) => entry.action.includes("watching"))).toEqual([]);
  });

  it("counts a share link's viewer against its maker's quota", async () => {
    const { group, member } = await newTeam();
    await replaceGroup(harness.db, group, {
      description: "",
      permissions: [
        { entitlement: "can_view", resource: "cluster:default" },
        { entitlement: "can_stream", resource: "cluster:default" },
        { entitlement: "can_share", resource: "cluster:default" },
      ],
    });
    await setLimits(group, [{ key: "concurrent_streams", value: 1, cluster: null }]);
    const share = async (session: string) => {
      const made = await callApi(harness, member, "POST", `/api/sessions/${session}/shares`, {
        expires_in_minutes: 30,
      });
      expect(made.status).toBe(201);
      return (made.body as { metadata: { token: string } }).metadata.token;
    };
    const guestJoin = (token: string) =>
      fetch(`${harness.url}/api/public/streams/${token}/join`, {
        method: "POST",
        headers: { origin: harness.url, "content-type": "application/json" },
        body: "{}",
      });
    const oneToken = await share(one);
    const viaLink = await guestJoin(oneToken);
    expect(viaLink.status).toBe(200);
    const { view_id: guestView } = (await viaLink.json()) as SessionJoinResponse;
    // The member's own join of another stream would be a second.
    const own = await callApi(harness, member, "POST", `/api/sessions/${two}/join`, {});
    expect(own.status).toBe(403);
    const second = await guestJoin(await share(two));
    expect(second.status).toBe(403);
    expect(messageOf(await second.json())).toContain("joining this stream through a share link");
    // The guest's page leaves (with its link: another link's holder cannot end it), and the
    // maker's quota is free again.
    const guestLeft = (token: string) =>
      fetch(`${harness.url}/api/public/streams/${token}/left?view=${guestView ?? ""}`, {
        method: "POST",
        headers: { origin: harness.url },
      });
    expect((await guestLeft(await share(one))).status).toBe(204);
    expect((await callApi(harness, member, "POST", `/api/sessions/${two}/join`, {})).status).toBe(
      403,
    );
    expect((await guestLeft(oneToken)).status).toBe(204);
    expect((await callApi(harness, member, "POST", `/api/sessions/${two}/join`, {})).status).toBe(
      200,
    );
  });
});

describe("a stream whose page stopped saying it plays", () => {
  it("stops counting, and is cut off and recorded when a concurrent-streams limit counted it", async () => {
    const { group } = await newTeam();
    const unlimited = uniqueName("free");
    await createGroup(harness.db, unlimited, "");
    await setLimits(group, [{ key: "concurrent_streams", value: 1, cluster: "default" }]);
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const view = (id: string, groups: string) => ({
      view_id: id,
      cluster_id: "default",
      stream_session_id: id,
      user_id: "",
      browser_session_id: "",
      share_hash: "",
      groups,
      joined_at: longAgo,
      seen_at: longAgo,
    });
    const [limitedView, freeView] = [uniqueName("limited"), uniqueName("free")];
    await harness.db
      .insertInto("stream_views")
      .values([view(limitedView, group), view(freeView, unlimited)])
      .execute();
    const sweep = startLapsedViewsSweep({ db: harness.db, clusters: [] }, () => undefined);
    await sweep.run();
    await sweep.stop();
    const left = await harness.db
      .selectFrom("stream_views")
      .select("view_id")
      .where("view_id", "in", [limitedView, freeView])
      .execute();
    expect(left).toEqual([]);
    const recorded = await harness.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "stream-left")
      .where("detail", "like", "%cut off: its page stopped saying it plays%")
      .execute();
    const details = recorded.map((entry) => entry.detail);
    expect(details.some((detail) => detail.includes(limitedView))).toBe(true);
    expect(details.some((detail) => detail.includes(freeView))).toBe(false);
  });
});
