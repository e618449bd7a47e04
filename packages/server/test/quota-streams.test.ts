// Quotas on streams (issue 38): concurrent streams kept at a join and at a share link's join (its
// maker's quota), a rejoin never counting twice, the view a page keeps and leaves (the stream cut
// off then), and a view whose page went silent ended (and cut off under a limit).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AmsInstance,
  AmsOperation,
  ClusterSession,
  SessionJoinResponse,
} from "@anbox-dashboard/contract";
import {
  callApi,
  clusterClient,
  messageOf,
  uniqueName,
  waitForOperation,
} from "./support/signed-in-harness.ts";
import { startQuotaWorld, type QuotaWorld } from "./support/quota-world.ts";
import { createGroup, replaceGroup } from "../src/store/authorization-groups.ts";
import { startLapsedViewsSweep } from "../src/quotas/lapsed-views.ts";

const image = "jammy:android15:amd64";
let world: QuotaWorld;

beforeAll(async () => {
  world = await startQuotaWorld();
}, 60_000);

afterAll(async () => {
  await world.stop();
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
    const made = await clusterClient(world.harness).post<AmsOperation>("/1.0/instances", {
      name: uniqueName("streams"),
      image_id: image,
      config: { enable_streaming: true },
    });
    await waitForOperation(clusterClient(world.harness), made.metadata.id);
    const path = made.metadata.resources.instances?.[0] ?? "";
    const instance = await clusterClient(world.harness).get<AmsInstance>(path);
    const tag = instance.metadata.tags.find((candidate) => candidate.startsWith("session="));
    const sessionId = tag?.slice("session=".length) ?? "";
    for (let attempt = 0; attempt < 100; attempt++) {
      const read = await callApi(world.harness, world.admin, "GET", `/api/sessions/${sessionId}`);
      if ((read.body as { metadata?: ClusterSession }).metadata?.status === "active")
        return sessionId;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the session did not become active");
  }

  it("refuses a second concurrent stream, not a rejoin, and frees it when the page leaves", async () => {
    const { group, member } = await world.newTeam();
    await world.setLimits(group, [{ key: "concurrent_streams", value: 1, cluster: null }]);
    const join = async (session: string) => {
      const answer = await callApi(
        world.harness,
        member,
        "POST",
        `/api/sessions/${session}/join`,
        {},
      );
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
      callApi(world.harness, member, "POST", `/api/sessions/${one}/watching?view=${view}`);
    expect((await watching(again.view)).body).toEqual({ watching: true });
    expect((await watching(first.view)).body).toEqual({ watching: false });
    expect(
      (await callApi(world.harness, member, "POST", `/api/sessions/${one}/watching`)).status,
    ).toBe(400);
    const [quota] = await world.quotasOf(member);
    expect(quota?.lines).toEqual([{ key: "concurrent_streams", value: 1, cluster: null, used: 1 }]);

    // Leaving the replaced view changes nothing; leaving the live one frees the quota.
    const left = (view: string) =>
      callApi(world.harness, member, "POST", `/api/sessions/${one}/left?view=${view}`);
    expect((await left(first.view)).status).toBe(204);
    expect((await join(two)).status).toBe(403);
    expect((await left(again.view)).status).toBe(204);
    expect((await join(two)).status).toBe(200);
    // Refusals are in the audit trail as refused, with the limit named; the words that a page
    // still plays are not recorded.
    const audit = await callApi(world.harness, world.admin, "GET", "/api/audit?size=100");
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
    const { group, member } = await world.newTeam();
    await replaceGroup(world.harness.db, group, {
      description: "",
      permissions: [
        { entitlement: "can_view", resource: "cluster:default" },
        { entitlement: "can_stream", resource: "cluster:default" },
        { entitlement: "can_share", resource: "cluster:default" },
      ],
    });
    await world.setLimits(group, [{ key: "concurrent_streams", value: 1, cluster: null }]);
    const share = async (session: string) => {
      const made = await callApi(world.harness, member, "POST", `/api/sessions/${session}/shares`, {
        expires_in_minutes: 30,
      });
      expect(made.status).toBe(201);
      return (made.body as { metadata: { token: string } }).metadata.token;
    };
    const guestJoin = (token: string) =>
      fetch(`${world.harness.url}/api/public/streams/${token}/join`, {
        method: "POST",
        headers: { origin: world.harness.url, "content-type": "application/json" },
        body: "{}",
      });
    const oneToken = await share(one);
    const viaLink = await guestJoin(oneToken);
    expect(viaLink.status).toBe(200);
    const { view_id: guestView } = (await viaLink.json()) as SessionJoinResponse;
    // The member's own join of another stream would be a second.
    const own = await callApi(world.harness, member, "POST", `/api/sessions/${two}/join`, {});
    expect(own.status).toBe(403);
    const second = await guestJoin(await share(two));
    expect(second.status).toBe(403);
    expect(messageOf(await second.json())).toContain("joining this stream through a share link");
    // The guest's page leaves (with its link: another link's holder cannot end it), and the
    // maker's quota is free again.
    const guestLeft = (token: string) =>
      fetch(`${world.harness.url}/api/public/streams/${token}/left?view=${guestView ?? ""}`, {
        method: "POST",
        headers: { origin: world.harness.url },
      });
    expect((await guestLeft(await share(one))).status).toBe(204);
    expect(
      (await callApi(world.harness, member, "POST", `/api/sessions/${two}/join`, {})).status,
    ).toBe(403);
    expect((await guestLeft(oneToken)).status).toBe(204);
    expect(
      (await callApi(world.harness, member, "POST", `/api/sessions/${two}/join`, {})).status,
    ).toBe(200);
  });
});

describe("a stream whose page stopped saying it plays", () => {
  it("stops counting, and is cut off and recorded when a concurrent-streams limit counted it", async () => {
    const { group } = await world.newTeam();
    const unlimited = uniqueName("free");
    await createGroup(world.harness.db, unlimited, "");
    await world.setLimits(group, [{ key: "concurrent_streams", value: 1, cluster: "default" }]);
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const view = (id: string, groups: string) => ({
      view_id: id,
      cluster_id: "default",
      stream_session_id: id,
      viewer_id: "",
      user_id: "",
      browser_session_id: "",
      share_hash: "",
      groups,
      joined_at: longAgo,
      seen_at: longAgo,
    });
    const [limitedView, freeView] = [uniqueName("limited"), uniqueName("free")];
    await world.harness.db
      .insertInto("stream_views")
      .values([view(limitedView, group), view(freeView, unlimited)])
      .execute();
    const sweep = startLapsedViewsSweep({ db: world.harness.db, clusters: [] }, () => undefined);
    await sweep.run();
    await sweep.stop();
    const left = await world.harness.db
      .selectFrom("stream_views")
      .select("view_id")
      .where("view_id", "in", [limitedView, freeView])
      .execute();
    expect(left).toEqual([]);
    const recorded = await world.harness.db
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
