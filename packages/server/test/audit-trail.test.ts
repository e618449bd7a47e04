// The audit trail (issue 38) on the real dashboard: what a signed-in request leaves in it (done,
// refused by the permission check, failed), what it never holds, who may read it, its filters,
// its exports and its retention.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { AuditEntry, Grant } from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import { signInDirectly, signInHolding } from "./support/sign-in-directly.ts";
import { callApi, messageOf, startSignedIn } from "./support/signed-in-harness.ts";
import { recordAudit, removeExpiredAudit } from "../src/store/audit-log.ts";
import { startAuditRetention } from "../src/audit/audit-retention.ts";
import { withoutRequestSecrets } from "../src/audit/request-audit.ts";
import { startSessionExpiryAudit } from "../src/audit/session-expiry-audit.ts";
import { hashSessionToken } from "../src/store/browser-sessions.ts";
import type { FastifyRequest } from "fastify";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let admin: string;

/** A new user in a new group holding `permissions`: their session's cookie. */
const userHolding = (permissions: Grant[]) => signInHolding(harness.db, permissions);

/** A request as the browser holding `cookie`, with its answer's `X-Request-Id`. */
async function send(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; requestId: string; text: string }> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: harness.url,
      "user-agent": "audit-test/1.0",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? "",
    text: await response.text(),
  };
}

async function audit(query: string): Promise<{ metadata: AuditEntry[]; total_size: number }> {
  const answer = await callApi(harness, admin, "GET", `/api/audit?${query}`);
  expect(answer.status).toBe(200);
  return answer.body as { metadata: AuditEntry[]; total_size: number };
}

async function entryOf(requestId: string): Promise<AuditEntry | undefined> {
  const { metadata } = await audit("size=100");
  return metadata.find((entry) => entry.request_id === requestId);
}

beforeAll(async () => {
  ({ harness, cookie: admin } = await startSignedIn(ada));
}, 60_000);

afterAll(async () => {
  await harness.stop();
});

describe("what a signed-in request leaves in the audit trail", () => {
  it("records a change with who made it, their groups, the route, the outcome and the request", async () => {
    const name = `team-${randomUUID().slice(0, 8)}`;
    const made = await send(admin, "POST", "/api/auth/groups", { name, password: "hunter2" });
    // The body is refused (a password is no group's field) or taken: either way it is audited.
    const entry = await entryOf(made.requestId);
    expect(made.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry).toMatchObject({
      actor: "ada@example.com",
      groups: ["admin"],
      action: "POST /api/auth/groups",
      resource: "server",
      user_agent: "audit-test/1.0",
      address: "127.0.0.1",
    });
    expect(entry?.identity_id).not.toBe("");
    expect(entry?.outcome).toBe(made.status < 400 ? "success" : "failure");
    // Nothing of the body is written, a secret least of all.
    expect(JSON.stringify(entry)).not.toContain("hunter2");
  });

  it("says what a group's or an identity's change in the web changed", async () => {
    const name = `crew-${randomUUID().slice(0, 8)}`;
    await send(admin, "POST", "/api/auth/groups", { name });
    const changed = await send(admin, "PUT", `/api/auth/groups/${name}`, {
      description: "night shift",
      permissions: [{ entitlement: "can_view", resource: "cluster:default" }],
      limits: [{ key: "instances", value: 3 }],
    });
    expect(changed.status).toBe(200);
    expect((await entryOf(changed.requestId))?.detail).toBe(
      "200 · description changed; permissions added: can_view on cluster:default; limits added: 3 instances over all clusters",
    );
    const again = await send(admin, "PUT", `/api/auth/groups/${name}`, {
      permissions: [{ entitlement: "can_stream", resource: "cluster:default" }],
    });
    expect((await entryOf(again.requestId))?.detail).toBe(
      "200 · permissions added: can_stream on cluster:default; permissions removed: can_view on cluster:default",
    );
    const someone = await signInDirectly(harness.db, []);
    const profile = await callApi(harness, someone, "GET", "/api/profile");
    const { email } = profile.body as { email: string };
    const identities = await callApi(harness, admin, "GET", "/api/auth/identities");
    const id = (identities.body as { metadata: { id: string; email: string }[] }).metadata.find(
      (identity) => identity.email === email,
    )?.id;
    const joined = await send(admin, "PUT", `/api/auth/identities/${id ?? ""}`, { groups: [name] });
    expect((await entryOf(joined.requestId))?.detail).toBe(`200 · ${email}: groups added: ${name}`);
  });

  it("records a refusal by the permission check with what was missing, reads included", async () => {
    const viewer = await userHolding([{ entitlement: "can_view", resource: "cluster:default" }]);
    const refused = await send(viewer, "GET", "/api/config?clusterId=default");
    expect(refused.status).toBe(403);
    expect(await entryOf(refused.requestId)).toMatchObject({
      action: "GET /api/config",
      resource: "cluster:default",
      cluster: "default",
      outcome: "refused",
      detail: "403 · You may not do this: needs can_view_config on cluster:default.",
    });
    // A read that was allowed is not an act worth recording.
    const read = await send(viewer, "GET", "/api/instances");
    expect(read.status).toBe(200);
    expect(await entryOf(read.requestId)).toBeUndefined();
    // Nor a POST that changes nothing: an events token.
    const token = await send(viewer, "POST", "/api/events/auth?clusterId=default");
    expect(token.status).toBe(200);
    expect(await entryOf(token.requestId)).toBeUndefined();
  });

  it("records a failure that was not a refusal as a failure", async () => {
    const failed = await send(admin, "DELETE", "/api/auth/groups/admin");
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(await entryOf(failed.requestId)).toMatchObject({
      action: "DELETE /api/auth/groups/:name",
      resource: "group:admin",
      outcome: "failure",
    });
  });
});

describe("what a sign-in leaves in the audit trail", () => {
  it("names the identity, so that filtering by a person finds their sign-ins too", async () => {
    const { metadata } = await audit(`identity=${encodeURIComponent("ada@example.com")}`);
    const signIn = metadata.find((entry) => entry.action === "sign-in");
    expect(signIn).toMatchObject({
      outcome: "success",
      actor: "ada@example.com",
      groups: ["admin"],
    });
    expect(signIn?.identity_id).not.toBe("");
    expect(signIn?.request_id).not.toBe("");
  });
});

describe("who may read the audit trail", () => {
  it("needs can_view_audit on the server, which a cluster's admin does not hold", async () => {
    const clusterAdmin = await userHolding([{ entitlement: "admin", resource: "cluster:default" }]);
    const refused = await callApi(harness, clusterAdmin, "GET", "/api/audit");
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toBe("You may not do this: needs can_view_audit on server.");
    const exportRefused = await callApi(
      harness,
      clusterAdmin,
      "GET",
      "/api/audit/export?format=csv",
    );
    expect(exportRefused.status).toBe(403);
    const auditor = await userHolding([{ entitlement: "can_view_audit", resource: "server" }]);
    expect((await callApi(harness, auditor, "GET", "/api/audit")).status).toBe(200);
  });
});

describe("the audit trail's filters", () => {
  it("finds entries by identity, outcome, action, resource and time, newest first", async () => {
    const viewer = await userHolding([{ entitlement: "can_view", resource: "cluster:default" }]);
    await send(viewer, "DELETE", "/api/instances/nope?clusterId=default", {});
    // Apart by more than the millisecond an entry's time is kept to.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send(viewer, "PATCH", "/api/config?clusterId=default", {});
    const viewerEntry = (await audit("outcome=refused&size=30")).metadata[0];
    expect(viewerEntry?.action).toBe("PATCH /api/config");
    const viewerId = viewerEntry?.identity_id ?? "";

    const byIdentity = await audit(`identity=${viewerId}`);
    expect(byIdentity.total_size).toBe(2);
    expect(byIdentity.metadata.map((entry) => entry.action)).toEqual([
      "PATCH /api/config",
      "DELETE /api/instances/:id",
    ]);
    const byEmail = await audit(`identity=${encodeURIComponent(viewerEntry?.actor ?? "")}`);
    expect(byEmail.total_size).toBe(2);
    const byResource = await audit(`resource=${encodeURIComponent("instance:default/nope")}`);
    expect(byResource.metadata.map((entry) => entry.identity_id)).toEqual([viewerId]);
    const at = viewerEntry?.at ?? "";
    expect((await audit(`identity=${viewerId}&from=${encodeURIComponent(at)}`)).total_size).toBe(1);
    expect((await audit(`identity=${viewerId}&to=${encodeURIComponent(at)}`)).total_size).toBe(1);
    const searched = await audit(`q=${encodeURIComponent("CAN_EDIT_CONFIG")}`);
    expect(searched.metadata.map((entry) => entry.action)).toContain("PATCH /api/config");
  });

  it("refuses a filter it cannot read, naming it", async () => {
    for (const [query, message] of [
      ["outcome=maybe", "outcome must be a comma-joined list of success, refused, failure"],
      ["from=yesterday", "from must be a date and time with its offset, like 2026-12-07T10:00:00Z"],
      ["size=7", "size must be 30, 50 or 100"],
      ["page=100000000000000000000", "page must be at most 100000"],
    ] as const) {
      const refused = await callApi(harness, admin, "GET", `/api/audit?${query}`);
      expect(refused.status).toBe(400);
      expect(messageOf(refused.body)).toContain(message);
    }
    const format = await callApi(harness, admin, "GET", "/api/audit/export?format=xls");
    expect(messageOf(format.body)).toContain("format must be csv or jsonl");
  });

  it("takes a search's wildcards as the characters they are", async () => {
    expect((await audit(`q=${encodeURIComponent("%")}`)).total_size).toBe(0);
    // Every recorded route has a '/' and most a letter before it: '_' would match them all.
    expect((await audit(`q=${encodeURIComponent("s_a")}`)).total_size).toBe(0);
  });
});

describe("the audit trail's exports", () => {
  it("hold the same entries as the list, as CSV and as JSON lines, formulas kept as text", async () => {
    await recordAudit(harness.db, {
      action: "sign-in",
      outcome: "failure",
      actor: '=HYPERLINK("http://evil.example","x"), "quoted"',
      address: "203.0.113.9",
      detail: "no such account",
    });
    const listed = await audit("size=100");
    const csv = await fetch(`${harness.url}/api/audit/export?format=csv`, {
      headers: { cookie: admin },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-/);
    const rows = (await csv.text()).trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      "at,identity_id,actor,groups,action,resource,cluster,outcome,address,user_agent,request_id,detail",
    );
    expect(rows).toHaveLength(listed.total_size + 1);
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x""), ""quoted"""`);

    const jsonl = await fetch(`${harness.url}/api/audit/export?format=jsonl`, {
      headers: { cookie: admin },
    });
    const lines = (await jsonl.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as AuditEntry);
    // The export itself is a read: the list before it and the export hold the same entries.
    expect(lines.map((entry) => entry.id)).toEqual(listed.metadata.map((entry) => entry.id));
  });

  it("reads a long trail in batches, from where the last one ended", async () => {
    const action = `batch-${randomUUID().slice(0, 8)}`;
    const at = Date.parse("2026-01-01T00:00:00Z");
    // Three entries share each instant, so that batches of 500 end inside a trio: the next one
    // must go on from that entry's id, neither losing nor repeating one of it.
    for (let index = 0; index < 1203; index += 1) {
      await recordAudit(
        harness.db,
        { action, outcome: "success", actor: "cli", address: "" },
        new Date(at + Math.floor(index / 3) * 1000),
      );
    }
    const jsonl = await fetch(`${harness.url}/api/audit/export?format=jsonl&action=${action}`, {
      headers: { cookie: admin },
    });
    const entries = (await jsonl.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as AuditEntry);
    expect(entries).toHaveLength(1203);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(1203);
    const times = entries.map((entry) => entry.at);
    expect(times).toEqual(times.toSorted().reverse());
  });
});

describe("the audit trail's retention", () => {
  it("removes what is older than the retention, and nothing newer", async () => {
    const action = `old-${randomUUID().slice(0, 8)}`;
    // Today's time: the other entries of this file (minutes old) must stay.
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    await recordAudit(
      harness.db,
      { action, outcome: "success", actor: "cli", address: "" },
      new Date(now - 91 * day),
    );
    await recordAudit(
      harness.db,
      { action, outcome: "success", actor: "cli", address: "" },
      new Date(now - 89 * day),
    );
    const warnings: string[] = [];
    const retention = startAuditRetention(
      harness.db,
      90,
      (message) => warnings.push(message),
      () => now,
    );
    await retention.run();
    await retention.stop();
    const left = await audit(`action=${action}`);
    expect(left.metadata.map((entry) => entry.at)).toEqual([
      new Date(now - 89 * day).toISOString(),
    ]);
    expect(warnings).toEqual([]);
    // Today's entries stay (the sign-in at the start of this file).
    expect((await audit("action=sign-in")).total_size).toBeGreaterThan(0);
    expect(
      await removeExpiredAudit(harness.db, new Date(now - 89 * day + 1)),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe("what an entry's detail never holds", () => {
  it("drops the secrets the request carried in its path and query from the answer's message", () => {
    const request = {
      params: { token: "s3cr3t-share-key-0123456789", id: "dcbg4irvrekeqmbm0i3g" },
      query: { clusterId: "lab", secret: "operation-secret-value" },
    } as unknown as FastifyRequest;
    expect(
      withoutRequestSecrets(
        'Invalid share id "s3cr3t-share-key-0123456789" (operation-secret-value) on lab/dcbg4irvrekeqmbm0i3g',
        request,
      ),
    ).toBe('Invalid share id "…" (…) on lab/dcbg4irvrekeqmbm0i3g');
  });
});

describe("an expired session", () => {
  it("is recorded once, at the time it expired, whichever process looks", async () => {
    const cookie = await signInDirectly(harness.db, []);
    const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
    const idleUntil = "2026-01-02T03:04:05.000Z";
    await harness.db
      .updateTable("browser_sessions")
      .set({ expires_at: idleUntil })
      .where("id", "=", hashSessionToken(token))
      .execute();
    // Two processes looking at once: one entry.
    const first = startSessionExpiryAudit(harness.db, () => undefined);
    const second = startSessionExpiryAudit(harness.db, () => undefined);
    await Promise.all([first.run(), second.run()]);
    await Promise.all([first.stop(), second.stop()]);
    const { metadata } = await audit("action=session-expired");
    const mine = metadata.filter((entry) => entry.at === idleUntil);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      outcome: "success",
      detail: "idle for longer than SESSION_IDLE_MINUTES",
    });
    expect(mine[0]?.identity_id).not.toBe("");
    // The session opens nothing any more.
    expect((await callApi(harness, cookie, "GET", "/api/instances")).status).toBe(401);
  });
});
