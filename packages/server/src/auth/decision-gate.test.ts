// The decision point on its own: a route's declaration, the grants of the signed-in user, and the
// answer.
import { afterEach, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { decide, type Grant } from "@anbox-dashboard/contract";
import { registerDecisionGate } from "./decision-gate.ts";
import { acts } from "./route-acts.ts";

describe("decide", () => {
  it("allows an entitlement on the resource, its cluster or the server, and admin anywhere it covers", () => {
    const resource = "instance:lab/c1";
    const on = (grant: Grant) => decide([grant], "can_delete", resource).allowed;
    expect(on({ entitlement: "can_delete", resource })).toBe(true);
    expect(on({ entitlement: "can_delete", resource: "cluster:lab" })).toBe(true);
    expect(on({ entitlement: "can_delete", resource: "server" })).toBe(true);
    expect(on({ entitlement: "admin", resource: "cluster:lab" })).toBe(true);
    expect(on({ entitlement: "admin", resource: "server" })).toBe(true);
  });

  it("refuses another entitlement, another resource and another cluster, naming what is missing", () => {
    const resource = "instance:lab/c1";
    for (const grant of [
      { entitlement: "can_view", resource },
      { entitlement: "can_delete", resource: "instance:lab/c2" },
      { entitlement: "can_delete", resource: "cluster:la" },
      { entitlement: "admin", resource: "cluster:prod" },
      { entitlement: "admin", resource: "instance:lab/c2" },
    ] satisfies Grant[]) {
      expect(decide([grant], "can_delete", resource)).toMatchObject({
        allowed: false,
        missing: "needs can_delete on instance:lab/c1",
      });
    }
    expect(decide([], "can_view_config", "cluster:lab")).toEqual({
      allowed: false,
      missing: "needs can_view_config on cluster:lab",
      hidden: true,
    });
  });
});

describe("the dashboard's own groups and identities", () => {
  it("are reached from the server by admin alone: can_edit on it is about the clusters", () => {
    const onServer = (entitlement: Grant["entitlement"]): Grant[] => [
      { entitlement, resource: "server" },
    ];
    for (const resource of ["group:admin", "identity:u2"] as const) {
      expect(decide(onServer("can_edit"), "can_edit", resource)).toMatchObject({ allowed: false });
      expect(decide(onServer("can_view"), "can_view", resource)).toMatchObject({ allowed: false });
      expect(decide(onServer("can_delete"), "can_delete", resource)).toMatchObject({
        allowed: false,
      });
      expect(decide(onServer("admin"), "can_edit", resource)).toEqual({ allowed: true });
      expect(decide([{ entitlement: "can_edit", resource }], "can_edit", resource)).toEqual({
        allowed: true,
      });
    }
    expect(decide(onServer("can_edit"), "can_edit", "instance:lab/c1")).toEqual({ allowed: true });
  });
});

describe("the decision gate", () => {
  let app: FastifyInstance;
  let handled: string[];

  afterEach(async () => {
    await app.close();
  });

  async function appWith(grants: Grant[]): Promise<FastifyInstance> {
    handled = [];
    app = Fastify();
    app.decorateRequest("user", null);
    app.addHook("onRequest", async (request) => {
      request.user = {
        id: "u1",
        sessionId: "s1",
        providerGroups: [],
        viewAs: undefined,
        fullname: "Ada",
        email: "ada@example.test",
      };
      await Promise.resolve();
    });
    registerDecisionGate(app, {
      clusters: () => [{ id: "lab" }, { id: "prod" }],
      grantsOf: () =>
        Promise.resolve(grants.map((grant) => ({ ...grant, grantedBy: { group: "test" } }))),
    });
    const answer = (name: string) => () => {
      handled.push(name);
      return { ok: name };
    };
    app.delete(
      "/instances/:id",
      { config: { acts: acts.onResource("instance", "can_delete") } },
      answer("delete"),
    );
    app.post(
      "/applications",
      { config: { acts: acts.onCluster("can_create_applications") } },
      answer("create"),
    );
    app.get(
      "/instances",
      { config: { acts: acts.onEachItem("instance", "can_view") } },
      answer("list"),
    );
    app.get(
      "/ams/:clusterIndex/events",
      { config: { acts: acts.onCluster("can_view") } },
      answer("events"),
    );
    app.get(
      "/ams/:clusterIndex/exec",
      { config: { acts: acts.onOneFoundIn("instance", "can_exec") } },
      answer("exec"),
    );
    app.get("/profile", { config: { acts: acts.ownAccount } }, answer("profile"));
    app.get("/undeclared", answer("undeclared"));
    app.get("/public", { config: { access: "public" } }, answer("public"));
    await app.ready();
    return app;
  }

  it("runs a route its declaration allows, on the cluster the request names or the first", async () => {
    await appWith([
      { entitlement: "can_delete", resource: "cluster:lab" },
      { entitlement: "can_create_applications", resource: "cluster:lab" },
      { entitlement: "can_exec", resource: "cluster:prod" },
    ]);
    const statuses = await Promise.all([
      app.inject({ method: "DELETE", url: "/instances/c1?clusterId=lab" }),
      app.inject({ method: "DELETE", url: "/instances/c1" }),
      app.inject({ method: "POST", url: "/applications?clusterId=lab", payload: {} }),
      app.inject({ method: "GET", url: "/ams/1/exec" }),
      app.inject({ method: "GET", url: "/profile" }),
      app.inject({ method: "GET", url: "/public" }),
    ]);
    expect(statuses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(handled.sort()).toEqual(["create", "delete", "delete", "exec", "profile", "public"]);
  });

  it("refuses what the grants do not cover with a 403 naming it, or a 404 for what they hide, before the route runs", async () => {
    await appWith([
      { entitlement: "can_view", resource: "cluster:lab" },
      { entitlement: "can_exec", resource: "cluster:lab" },
    ]);
    const refused: Record<string, [number, string]> = {
      "/instances/c1?clusterId=lab": [
        403,
        "You may not do this: needs can_delete on instance:lab/c1.",
      ],
      // Nothing on prod is theirs to see: whether c1 exists there is not theirs to know either.
      "/instances/c1?clusterId=prod": [
        404,
        "There is no instance:prod/c1, or you may not view it.",
      ],
      "/applications?clusterId=lab": [
        403,
        "You may not do this: needs can_create_applications on cluster:lab.",
      ],
      "/applications?clusterId=prod": [404, "There is no cluster:prod, or you may not view it."],
      // A socket's path names its cluster by position: one the user may not see is not named.
      "/ams/1/exec": [404, "There is no such instance, or you may not view it."],
      "/ams/1/events": [404, "There is nothing at cluster index 1 that you may view."],
      // The relay reads its cluster from the path: a ?clusterId= beside it decides nothing.
      "/ams/1/exec?clusterId=lab": [404, "There is no such instance, or you may not view it."],
      // Named twice, a cluster would be read as none: refused before anything is decided.
      "/instances/c1?clusterId=lab&clusterId=prod": [
        400,
        "Name the cluster once: clusterId is given more than once.",
      ],
      "/undeclared": [403, "You may not do this: GET /undeclared declares nothing it acts on."],
    };
    for (const [url, [status, message]] of Object.entries(refused)) {
      const method = url.startsWith("/instances/")
        ? "DELETE"
        : url.startsWith("/applications")
          ? "POST"
          : "GET";
      const response = await app.inject({
        method,
        url,
        payload: method === "POST" ? {} : undefined,
      });
      expect({
        url,
        status: response.statusCode,
        message: response.json<{ message: string }>().message,
      }).toEqual({
        url,
        status,
        message,
      });
    }
    expect(handled).toEqual([]);
  });

  it("lets a list through to decide item by item, and a found resource's route to decide on it", async () => {
    await appWith([{ entitlement: "can_exec", resource: "instance:lab/c1" }]);
    const statuses = await Promise.all(
      ["/instances", "/ams/0/exec"].map(async (url) => {
        const response = await app.inject({ method: "GET", url });
        return response.statusCode;
      }),
    );
    expect(statuses).toEqual([200, 200]);
    expect(handled.sort()).toEqual(["exec", "list"]);
  });
});
