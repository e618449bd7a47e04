// Identity-provider groups (LXD's): a second OpenID provider, started here, names the signed-in
// person's groups in a `groups` claim; a claimed group mapped to a dashboard group gives what that
// group grants, for that sign-in only, shown as coming from the provider.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { addUser, startAuthHarness, type AuthHarness } from "./support/auth-harness.ts";
import { callApi, messageOf, signedInCookie } from "./support/signed-in-harness.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
const bob = {
  sub: `bob-${randomUUID()}`,
  email: "bob@example.com",
  name: "Bob",
  groups: ["lab-testers", "unmapped"],
};
let harness: AuthHarness;
let admin: string;

function call(cookie: string, method: string, path: string, body?: unknown) {
  return callApi(harness, cookie, method, path, body);
}

async function clusterIds(cookie: string): Promise<string[]> {
  const { body } = await call(cookie, "GET", "/api/clusters");
  return (body as { id: string }[]).map((cluster) => cluster.id);
}

beforeAll(async () => {
  harness = await startAuthHarness(ada, {
    OIDC_GROUPS_CLAIM: "groups",
    OIDC_GROUPS_SCOPE: "groups",
  });
  await addUser(harness, ada);
  admin = await signedInCookie(harness);
  expect((await call(admin, "POST", "/api/auth/groups", { name: "testers" })).status).toBe(201);
  const permissions = [{ entitlement: "can_view", resource: "cluster:default" }];
  expect((await call(admin, "PUT", "/api/auth/groups/testers", { permissions })).status).toBe(200);
  await addUser(harness, bob, []);
}, 60_000);

afterAll(async () => {
  await harness.stop();
});

describe("a group claimed by the identity provider", () => {
  it("gives what its mapped group grants, for that sign-in, shown as from the provider", async () => {
    const mapped = await call(admin, "PUT", "/api/auth/identity-provider-groups/lab-testers", {
      groups: ["testers"],
    });
    expect(mapped.body).toEqual({ metadata: { name: "lab-testers", groups: ["testers"] } });

    harness.provider.setAccount(bob);
    const withClaim = await signedInCookie(harness);
    expect(await clusterIds(withClaim)).toEqual(["default"]);
    const own = await call(withClaim, "GET", "/api/auth/permissions");
    expect(own.body).toMatchObject({
      metadata: {
        groups: [],
        providerGroups: ["lab-testers", "unmapped"],
        groupsFromProvider: ["testers"],
        permissions: [
          {
            entitlement: "can_view",
            resource: "cluster:default",
            grantedBy: { group: "testers", fromProvider: true },
          },
        ],
      },
    });
    const identities = await call(admin, "GET", "/api/auth/identities");
    expect(
      (identities.body as { metadata: { email: string }[] }).metadata.find(
        (identity) => identity.email === bob.email,
      ),
    ).toMatchObject({ groups: [], groups_from_provider: ["testers"] });

    // The sign-in's audit entry names the group its claim brought.
    const signIns = await harness.db
      .selectFrom("audit_log")
      .select("groups")
      .where("action", "=", "sign-in")
      .where("actor", "=", bob.email)
      .execute();
    expect(signIns.map((entry) => entry.groups)).toEqual([
      JSON.stringify(["testers (from the identity provider)"]),
    ]);

    // A later sign-in without the claim holds nothing; the first keeps what its claim gave.
    harness.provider.setAccount({ ...bob, groups: [] });
    const withoutClaim = await signedInCookie(harness);
    expect(await clusterIds(withoutClaim)).toEqual([]);
    expect(await clusterIds(withClaim)).toEqual(["default"]);

    // Unmapped, it gives nothing from the next request on.
    const removed = await call(admin, "DELETE", "/api/auth/identity-provider-groups/lab-testers");
    expect(removed.status).toBe(204);
    expect(await clusterIds(withClaim)).toEqual([]);
    expect((await call(admin, "GET", "/api/auth/identity-provider-groups")).body).toEqual({
      metadata: [],
      groups_claim: "groups",
    });
  });

  it("is mapped by an admin only, to groups that exist, under a name without line breaks", async () => {
    harness.provider.setAccount(bob);
    const notAdmin = await signedInCookie(harness);
    const refused = await call(notAdmin, "PUT", "/api/auth/identity-provider-groups/x", {
      groups: ["testers"],
    });
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toBe("You may not do this: needs admin on server.");
    const unknown = await call(admin, "PUT", "/api/auth/identity-provider-groups/x", {
      groups: ["nope"],
    });
    expect(unknown.status).toBe(400);
    expect(messageOf(unknown.body)).toBe('No group named "nope".');
    const badName = await call(admin, "PUT", "/api/auth/identity-provider-groups/a%0Ab", {
      groups: ["testers"],
    });
    expect(badName.status).toBe(400);
    // Deleting the group takes its mappings with it.
    await call(admin, "PUT", "/api/auth/identity-provider-groups/lab-testers", {
      groups: ["testers"],
    });
    expect((await call(admin, "DELETE", "/api/auth/groups/testers")).status).toBe(204);
    expect((await call(admin, "GET", "/api/auth/identity-provider-groups")).body).toEqual({
      metadata: [],
      groups_claim: "groups",
    });
  });
});
