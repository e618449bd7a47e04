// "View as" at the decision gate: an admin's session viewing as someone is decided with that
// identity's grants, refuses every change and every socket but a declared reading one, and holds
// only while its user is an admin (requests, and the session watch's reads alike).
import { afterEach, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import type { Grant } from "@anbox-dashboard/contract";
import type { HeldGrant } from "../store/authorization-groups.ts";
import { accessOf } from "./access.ts";
import { registerDecisionGate } from "./decision-gate.ts";
import { acts } from "./route-acts.ts";
import { sessionGrants } from "./view-as.ts";

const held = (grants: Grant[]): HeldGrant[] =>
  grants.map((grant) => ({ ...grant, grantedBy: { group: "g" } }));
const admin = held([{ entitlement: "admin", resource: "server" }]);
const labViewer = held([{ entitlement: "can_view", resource: "cluster:lab" }]);

let app: FastifyInstance;

afterEach(async () => {
  await app.close();
});

async function appAs(ownGrants: HeldGrant[]): Promise<FastifyInstance> {
  app = Fastify();
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    request.user = {
      id: "ada",
      sessionId: "s1",
      providerGroups: [],
      viewAs: { id: "bob", email: "bob@example.test", fullname: "Bob" },
      fullname: "Ada",
      email: "ada@example.test",
    };
    await Promise.resolve();
  });
  registerDecisionGate(app, {
    clusters: () => [{ id: "lab" }, { id: "prod" }],
    grantsOf: (user) => Promise.resolve(user.id === "bob" ? labViewer : ownGrants),
  });
  const seesProd = (request: Parameters<typeof accessOf>[0]) => ({
    prod: accessOf(request).allows("can_view", "cluster:prod"),
  });
  const each = acts.onEachItem("instance", "can_view");
  app.get("/instances", { config: { acts: each } }, seesProd);
  app.delete("/instances", { config: { acts: each } }, seesProd);
  app.get("/events", { config: { acts: each, whileViewingAs: "reads" } }, seesProd);
  app.delete(
    "/view-as",
    { config: { acts: acts.ownAccount, whileViewingAs: "as-signed-in-user" } },
    seesProd,
  );
  await app.ready();
  return app;
}

describe("view as", () => {
  it("decides reads as the identity viewed and refuses changes and sockets that are not reads", async () => {
    await appAs(admin);
    const list = await app.inject({ method: "GET", url: "/instances" });
    expect(list.json()).toEqual({ prod: false });
    const change = await app.inject({ method: "DELETE", url: "/instances" });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({
      message:
        "You are viewing the dashboard as Bob: it is read-only. Stop viewing as them to make changes.",
    });
    const upgrade = { connection: "upgrade", upgrade: "websocket" };
    const socket = await app.inject({ method: "GET", url: "/instances", headers: upgrade });
    expect(socket.statusCode).toBe(403);
    const events = await app.inject({ method: "GET", url: "/events", headers: upgrade });
    expect(events.json()).toEqual({ prod: false });
    // Stopping is the admin's own, decided as them.
    expect((await app.inject({ method: "DELETE", url: "/view-as" })).json()).toEqual({
      prod: true,
    });
  });

  it("holds no more once its user is no longer an admin", async () => {
    await appAs(held([{ entitlement: "can_view", resource: "cluster:prod" }]));
    expect((await app.inject({ method: "GET", url: "/instances" })).json()).toEqual({ prod: true });
    expect((await app.inject({ method: "DELETE", url: "/instances" })).statusCode).toBe(200);
    const grantsOf = (userId: string) => Promise.resolve(userId === "bob" ? labViewer : held([]));
    expect(
      await sessionGrants({ userId: "ada", providerGroups: [], viewAs: "bob" }, grantsOf),
    ).toEqual([]);
    const asAdmin = (userId: string) => Promise.resolve(userId === "bob" ? labViewer : admin);
    expect(
      await sessionGrants({ userId: "ada", providerGroups: [], viewAs: "bob" }, asAdmin),
    ).toEqual(labViewer);
  });
});
