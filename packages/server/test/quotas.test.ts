// Quotas (issue 38) on the real dashboard and its embedded cluster: limits set on a group, kept
// at create and start (one and in bulk), never overshot by requests sent at once, shown with
// their usage, changed (or lifted any other way) only by an administrator. Streams:
// quota-streams.test.ts; the command line's `group limit`: cli-permissions.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AmsOperation,
  GroupLimit,
  GroupQuota,
  InstanceBulkResponse,
} from "@anbox-dashboard/contract";
import { signInDirectly } from "./support/sign-in-directly.ts";
import {
  callApi,
  clusterClient,
  messageOf,
  uniqueName,
  waitForOperation,
} from "./support/signed-in-harness.ts";
import { startQuotaWorld, type QuotaWorld } from "./support/quota-world.ts";
import { createGroup, replaceGroup } from "../src/store/authorization-groups.ts";

const image = "jammy:android15:amd64";
let world: QuotaWorld;

function create(cookie: string, body: Record<string, unknown>) {
  return callApi(world.harness, cookie, "POST", "/api/instances?clusterId=default", {
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

beforeAll(async () => {
  world = await startQuotaWorld();
}, 60_000);

afterAll(async () => {
  await world.stop();
});

describe("a group's limits", () => {
  it("are set by an administrator, read with the group, and refused from anyone else", async () => {
    const { group, member } = await world.newTeam();
    await world.setLimits(group, [
      { key: "instances", value: 5, cluster: null },
      { key: "memory", value: 8e9, cluster: "default" },
    ]);
    const read = await callApi(world.harness, world.admin, "GET", `/api/auth/groups/${group}`);
    expect((read.body as { metadata: { limits: GroupLimit[] } }).metadata.limits).toEqual([
      { key: "instances", value: 5, cluster: null },
      { key: "memory", value: 8e9, cluster: "default" },
    ]);
    // A PUT without limits keeps them (a client that knows none).
    await callApi(world.harness, world.admin, "PUT", `/api/auth/groups/${group}`, {
      permissions: [],
    });
    const kept = await callApi(world.harness, world.admin, "GET", `/api/auth/groups/${group}`);
    expect((kept.body as { metadata: { limits: GroupLimit[] } }).metadata.limits).toHaveLength(2);

    // Who may edit the group (here: holds can_edit on it) may not lift its limits.
    const editors = uniqueName("editors");
    await createGroup(world.harness.db, editors, "");
    await replaceGroup(world.harness.db, editors, {
      description: "",
      permissions: [{ entitlement: "can_edit", resource: `group:${group}` }],
    });
    const editor = await signInDirectly(world.harness.db, [editors, group]);
    const lifted = await callApi(world.harness, editor, "PUT", `/api/auth/groups/${group}`, {
      permissions: [],
      limits: [],
    });
    expect(lifted.status).toBe(403);
    expect(messageOf(lifted.body)).toContain("admin on server");

    // Nor lift them by deleting the group, or by taking someone out of it.
    const identities = await callApi(world.harness, world.admin, "GET", "/api/auth/identities");
    const memberEmail = (
      (await callApi(world.harness, member, "GET", "/api/profile")).body as { email: string }
    ).email;
    const memberId =
      (identities.body as { metadata: { id: string; email: string }[] }).metadata.find(
        (identity) => identity.email === memberEmail,
      )?.id ?? "";
    await replaceGroup(world.harness.db, editors, {
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
    const deleted = await callApi(world.harness, editor, "DELETE", `/api/auth/groups/${group}`);
    expect(deleted.status).toBe(403);
    expect(messageOf(deleted.body)).toContain("Only an administrator (admin on server) may");
    const takenOut = await callApi(
      world.harness,
      editor,
      "PUT",
      `/api/auth/identities/${memberId}`,
      {
        groups: [],
      },
    );
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
      const answer = await callApi(world.harness, world.admin, "PUT", `/api/auth/groups/${group}`, {
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
    const { group, member } = await world.newTeam();
    await world.setLimits(group, [{ key: "instances", value: 3, cluster: null }]);
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
    const [quota] = await world.quotasOf(member);
    expect(quota).toMatchObject({
      group,
      fromProvider: false,
      lines: [{ key: "instances", value: 3, cluster: null, used: 3 }],
    });

    // A deleted instance stops counting: the next create fits.
    const first = answers.find((answer) => answer.status === 202);
    const gone = await callApi(
      world.harness,
      member,
      "DELETE",
      `/api/instances/${first === undefined ? "" : idOf(first)}?clusterId=default`,
      { force: true },
    );
    expect(gone.status).toBe(202);
    await waitForOperation(
      clusterClient(world.harness),
      (gone.body as { metadata: AmsOperation }).metadata.id,
    );
    expect((await create(member, { name: uniqueName("after") })).status).toBe(202);
  });

  it("counts the sizes an instance reserves, on the cluster a limit names", async () => {
    const { group, member } = await world.newTeam();
    await world.setLimits(group, [
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
    const usage = await callApi(
      world.harness,
      world.admin,
      "GET",
      `/api/auth/groups/${group}/usage`,
    );
    expect((usage.body as { metadata: GroupQuota }).metadata).toMatchObject({
      lines: [
        { key: "cpus", value: 5, cluster: "default", used: 4 },
        { key: "memory", value: 6e9, cluster: null, used: 6e9 },
      ],
      totals: { instances: 2, running_instances: 0, cpus: 4, memory: 6e9 },
    });
  });

  it("keeps running instances within their limit at start, alone and in bulk", async () => {
    const { group, member } = await world.newTeam();
    await world.setLimits(group, [{ key: "running_instances", value: 1, cluster: null }]);
    const ids = [];
    for (let index = 0; index < 3; index++) {
      ids.push(idOf(await create(member, { name: uniqueName(`r${String(index)}`) })));
    }
    const start = (id: string) =>
      callApi(world.harness, member, "PATCH", `/api/instances/${id}?clusterId=default`, {
        desired_status: "running",
      });
    expect((await start(ids[0] ?? "")).status).toBe(202);
    // Starting what runs already takes nothing more.
    expect((await start(ids[0] ?? "")).status).toBe(202);
    const second = await start(ids[1] ?? "");
    expect(second.status).toBe(403);
    expect(messageOf(second.body)).toContain("may have 1 running instances over all clusters");

    const bulk = await callApi(world.harness, member, "PATCH", "/api/instance_bulk", {
      desired_status: "running",
      instances: ids.map((id) => ({ id, clusterId: "default" })),
    });
    expect(bulk.status).toBe(200);
    const results = (bulk.body as InstanceBulkResponse).metadata.results;
    expect(results.map((result) => result.success)).toEqual([true, false, false]);
    expect(results[1]?.error).toMatch(/^Quota reached: group .* running instances/);

    // An instance no quota holds yet (made outside the dashboard) counts against its starter's.
    const outside = await clusterClient(world.harness).post<AmsOperation>("/1.0/instances", {
      name: uniqueName("outside"),
      image_id: image,
      no_start: true,
    });
    await waitForOperation(clusterClient(world.harness), outside.metadata.id);
    const outsideId = idOf({ body: outside });
    await replaceGroup(world.harness.db, group, {
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
    const own = await create(world.admin, { name: uniqueName("admins") });
    expect(
      (
        await callApi(
          world.harness,
          world.admin,
          "PATCH",
          `/api/instances/${idOf(own)}?clusterId=default`,
          {
            desired_status: "running",
          },
        )
      ).status,
    ).toBe(202);
  });
});
