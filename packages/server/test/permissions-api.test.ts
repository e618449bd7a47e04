// The permissions API (/api/auth/...) on the real dashboard: groups made, filled and emptied by an
// admin, identities moved between them, a group editor held to what they hold themselves, the
// admin group kept whole, and each identity's effective permissions with the group granting each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { AuthHarness } from "./support/auth-harness.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";
import { callApi, messageOf, startSignedIn } from "./support/signed-in-harness.ts";
import { findUserByEmail } from "../src/store/users.ts";
import type { EffectivePermissions } from "@anbox-dashboard/contract";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let admin: string;
let adaId: string;

function call(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return callApi(harness, cookie, method, path, body);
}

/** The id of the user behind a cookie, by asking the API who they are. */
async function idOf(cookie: string): Promise<string> {
  const { body } = await call(cookie, "GET", "/api/profile");
  const user = await findUserByEmail(harness.db, (body as { email: string }).email);
  return user?.id ?? "";
}

beforeAll(async () => {
  ({ harness, cookie: admin } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "lab" }));
  adaId = await idOf(admin);
}, 60_000);

afterAll(async () => {
  await harness.stop();
});

describe("groups", () => {
  it("are made, given permissions as a whole, listed with their counts, and deleted by an admin", async () => {
    const made = await call(admin, "POST", "/api/auth/groups", {
      name: "testers",
      description: "Stream the lab",
    });
    expect(made.status).toBe(201);
    expect((await call(admin, "POST", "/api/auth/groups", { name: "testers" })).status).toBe(409);
    const badName = await call(admin, "POST", "/api/auth/groups", { name: "two words" });
    expect(messageOf(badName.body)).toContain('"two words" is not a group name');

    // As a group's permissions are read back: by resource, then entitlement.
    const permissions = [
      { entitlement: "can_stream", resource: "cluster:lab" },
      { entitlement: "can_view", resource: "cluster:lab" },
    ];
    const put = await call(admin, "PUT", "/api/auth/groups/testers", { permissions });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ metadata: { description: "Stream the lab" } });
    const unknown = await call(admin, "PUT", "/api/auth/groups/testers", {
      permissions: [{ entitlement: "can_fly", resource: "cluster:lab" }],
    });
    expect(unknown.status).toBe(400);
    expect(messageOf(unknown.body)).toContain('"can_fly" is not an entitlement');

    const list = await call(admin, "GET", "/api/auth/groups");
    expect(list.body).toMatchObject({
      metadata: expect.arrayContaining([
        {
          name: "admin",
          description: "Everything, on every cluster",
          identities: 1,
          permissions: 1,
        },
        { name: "testers", description: "Stream the lab", identities: 0, permissions: 2 },
      ]) as unknown[],
    });
    const one = await call(admin, "GET", "/api/auth/groups/testers");
    expect(one.body).toMatchObject({ metadata: { permissions, identities: [] } });

    await call(admin, "POST", "/api/auth/groups", { name: "short-lived" });
    expect((await call(admin, "DELETE", "/api/auth/groups/short-lived")).status).toBe(204);
    expect((await call(admin, "GET", "/api/auth/groups/short-lived")).status).toBe(404);
  });

  it("keeps the admin group whole: its permissions fixed, itself undeletable, its last member in", async () => {
    const change = await call(admin, "PUT", "/api/auth/groups/admin", { permissions: [] });
    expect(change.status).toBe(400);
    expect(messageOf(change.body)).toBe(
      "The admin group's permissions cannot change: it holds admin on server.",
    );
    expect((await call(admin, "DELETE", "/api/auth/groups/admin")).status).toBe(400);
    const leave = await call(admin, "PUT", `/api/auth/identities/${adaId}`, { groups: [] });
    expect(leave.status).toBe(409);
    expect(messageOf(leave.body)).toBe(
      "This is the last member of admin: add another before removing them.",
    );
  });

  it("are refused to those without the entitlement, and a group editor grants only what they hold", async () => {
    const nobody = await signInDirectly(harness.db, []);
    expect((await call(nobody, "GET", "/api/auth/groups")).body).toEqual({ metadata: [] });
    const make = await call(nobody, "POST", "/api/auth/groups", { name: "mine" });
    expect(make.status).toBe(403);
    expect(messageOf(make.body)).toBe("You may not do this: needs can_create_groups on server.");
    expect((await call(nobody, "GET", "/api/auth/groups/testers")).status).toBe(404);

    await call(admin, "POST", "/api/auth/groups", { name: "leads" });
    await call(admin, "PUT", "/api/auth/groups/leads", {
      permissions: [
        { entitlement: "can_edit", resource: "group:testers" },
        { entitlement: "can_view_config", resource: "cluster:lab" },
      ],
    });
    const lead = await signInDirectly(harness.db, ["leads"]);
    const kept = [
      { entitlement: "can_stream", resource: "cluster:lab" },
      { entitlement: "can_view", resource: "cluster:lab" },
    ];
    // What they hold they may give; what is there already they may leave as it is.
    const grantConfig = await call(lead, "PUT", "/api/auth/groups/testers", {
      permissions: [...kept, { entitlement: "can_view_config", resource: "cluster:lab" }],
    });
    expect(grantConfig.status).toBe(200);
    const grantMore = await call(lead, "PUT", "/api/auth/groups/testers", {
      permissions: [...kept, { entitlement: "admin", resource: "server" }],
    });
    expect(grantMore.status).toBe(403);
    expect(messageOf(grantMore.body)).toBe(
      "You may grant or take away only what you hold yourself: you lack admin on server.",
    );
    // Taking away what they do not hold is refused too: they could not give it back.
    const takeStream = await call(lead, "PUT", "/api/auth/groups/testers", {
      permissions: [{ entitlement: "can_view", resource: "cluster:lab" }],
    });
    expect(messageOf(takeStream.body)).toBe(
      "You may grant or take away only what you hold yourself: you lack can_stream on cluster:lab.",
    );
  });
});

describe("identities", () => {
  it("are listed with their groups, moved between groups, and hold what their groups grant", async () => {
    await call(admin, "POST", "/api/auth/groups", { name: "viewers" });
    await call(admin, "PUT", "/api/auth/groups/viewers", {
      permissions: [{ entitlement: "can_view", resource: "cluster:lab" }],
    });
    const testerCookie = await signInDirectly(harness.db, []);
    const testerId = await idOf(testerCookie);
    const identities = await call(admin, "GET", "/api/auth/identities");
    expect(identities.body).toMatchObject({
      metadata: expect.arrayContaining([
        expect.objectContaining({ id: adaId, groups: ["admin"], authentication_method: "oidc" }),
        expect.objectContaining({ id: testerId, groups: [] }),
      ]) as unknown[],
    });
    const missing = await call(admin, "PUT", `/api/auth/identities/${testerId}`, {
      groups: ["nope"],
    });
    expect(messageOf(missing.body)).toBe('No group named "nope".');
    const joined = await call(admin, "PUT", `/api/auth/identities/${testerId}`, {
      groups: ["viewers"],
    });
    expect(joined.body).toMatchObject({ metadata: { groups: ["viewers"] } });

    const own = await call(testerCookie, "GET", "/api/auth/permissions");
    expect(own.body).toMatchObject({
      metadata: {
        groups: ["viewers"],
        permissions: [
          { entitlement: "can_view", resource: "cluster:lab", grantedBy: { group: "viewers" } },
        ],
      },
    });
    // What other groups grant, to name them where an action is refused.
    const { grantsByGroup } = (own.body as EffectivePermissions).metadata;
    expect(grantsByGroup).toContainEqual({
      group: "testers",
      permissions: expect.arrayContaining([
        { entitlement: "can_stream", resource: "cluster:lab" },
      ]) as unknown[],
    });
    // They see their cluster now; their own identity's detail is not theirs to read.
    expect((await call(testerCookie, "GET", "/api/clusters")).body).toMatchObject([{ id: "lab" }]);
    expect((await call(testerCookie, "GET", `/api/auth/identities/${testerId}`)).status).toBe(404);

    const detail = await call(admin, "GET", `/api/auth/identities/${testerId}`);
    expect(detail.body).toMatchObject({
      metadata: {
        groups: ["viewers"],
        effective_permissions: [{ entitlement: "can_view", resource: "cluster:lab" }],
      },
    });
    await call(admin, "PUT", `/api/auth/identities/${testerId}`, { groups: [] });
    expect((await call(testerCookie, "GET", "/api/clusters")).body).toEqual([]);
  });

  it("cannot be turned into an admin: can_edit on the server reaches no group, and a group's editor adds people only to what they hold", async () => {
    await call(admin, "POST", "/api/auth/groups", { name: "editors" });
    await call(admin, "PUT", "/api/auth/groups/editors", {
      permissions: [{ entitlement: "can_edit", resource: "server" }],
    });
    const editor = await signInDirectly(harness.db, ["editors"]);
    const editorId = await idOf(editor);
    const joinAdmin = await call(editor, "PUT", `/api/auth/identities/${editorId}`, {
      groups: ["editors", "admin"],
    });
    expect(joinAdmin.status).toBe(404);
    expect((await call(editor, "GET", "/api/auth/groups")).body).toEqual({ metadata: [] });

    // can_edit on group:admin and on identities, without admin's permissions: still refused.
    await call(admin, "POST", "/api/auth/groups", { name: "keys" });
    await call(admin, "PUT", "/api/auth/groups/keys", {
      permissions: [
        { entitlement: "can_edit", resource: "group:admin" },
        { entitlement: "can_edit", resource: `identity:${editorId}` },
      ],
    });
    const keyholder = await signInDirectly(harness.db, ["keys"]);
    await call(admin, "PUT", `/api/auth/identities/${editorId}`, { groups: ["editors", "keys"] });
    const escalate = await call(keyholder, "PUT", `/api/auth/identities/${editorId}`, {
      groups: ["editors", "keys", "admin"],
    });
    expect(escalate.status).toBe(403);
    expect(messageOf(escalate.body)).toBe(
      "You may add people to, or take them out of, only groups whose permissions you hold: admin grants admin on server.",
    );
    expect((await call(admin, "GET", `/api/auth/identities/${editorId}`)).body).toMatchObject({
      metadata: { groups: ["editors", "keys"] },
    });
  });

  it("lists the catalogue of entitlements for every kind of resource", async () => {
    const nobody = await signInDirectly(harness.db, []);
    const { body } = await call(nobody, "GET", "/api/auth/entitlements");
    const catalogue = (body as { metadata: Record<string, { entitlement: string }[]> }).metadata;
    expect(Object.keys(catalogue).sort()).toEqual(
      ["application", "cluster", "group", "identity", "image", "instance", "node", "server"].sort(),
    );
    expect(catalogue.instance?.map((entry) => entry.entitlement)).toEqual(
      expect.arrayContaining(["can_stream", "can_share", "can_exec", "can_view_logs"]),
    );
  });
});
