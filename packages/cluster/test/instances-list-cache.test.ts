// The list answers from cached JSON per instance: these tests change rows behind the API's back
// (as any future code path might) and check that the list and the single GET never show old data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsInstance } from "@anbox-dashboard/contract";
import { syncListResponseBytes, syncResponse, syncResponseBytes } from "../src/ams/envelope.ts";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { insertInstanceRow } from "./helpers/instance-rows.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

async function listed(id: string): Promise<AmsInstance | undefined> {
  const response = await cluster.request<AmsInstance[]>("GET", "/1.0/instances?recursion=1");
  expect(response.status, response.text).toBe(200);
  return response.body.metadata.find((item) => item.id === id);
}

async function revisionOf(id: string): Promise<number> {
  const row = await cluster.running.context.db
    .selectFrom("instances")
    .select("revision")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.revision;
}

describe("the instance list's JSON cache", () => {
  it("writes the same envelope as syncResponse", () => {
    const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
    const parsed = (answer: Buffer): unknown => JSON.parse(answer.toString("utf8"));
    const items = [{ a: 1, b: 'x"y' }, { c: "é ✓" }];
    expect(parsed(syncListResponseBytes(items.map(bytes), 7))).toEqual(syncResponse(items, 7));
    expect(parsed(syncListResponseBytes([]))).toEqual(syncResponse([]));
    expect(parsed(syncResponseBytes(bytes({ d: null })))).toEqual(syncResponse({ d: null }));
  });

  it("moves the revision on an update that does not, so no cached text outlives its row", async () => {
    const id = await insertInstanceRow(cluster, { name: "cached-one", tags: '["before"]' });
    expect((await listed(id))?.tags).toEqual(["before"]);
    const before = await revisionOf(id);

    // An update that forgets the revision: the database moves it anyway.
    await cluster.running.context.db
      .updateTable("instances")
      .set({ tags: '["after"]', status_message: "changed" })
      .where("id", "=", id)
      .execute();
    expect(await revisionOf(id)).toBe(before + 1);
    const after = await listed(id);
    expect(after?.tags).toEqual(["after"]);
    expect(after?.status_message).toBe("changed");
    const single = await cluster.request<AmsInstance>("GET", `/1.0/instances/${id}`);
    expect(single.body.metadata.tags).toEqual(["after"]);
    expect(single.headers.etag).toContain(`-${String(before + 1)}`);

    // An update that moves the revision itself moves it once, not twice.
    await cluster.running.context.db
      .updateTable("instances")
      .set((eb) => ({ status_message: "again", revision: eb("revision", "+", 1) }))
      .where("id", "=", id)
      .execute();
    expect(await revisionOf(id)).toBe(before + 2);
    expect((await listed(id))?.status_message).toBe("again");
  });

  it("shows a node's new public address on instances already cached", async () => {
    const id = await insertInstanceRow(cluster, { name: "cached-two" });
    const first = await listed(id);
    await cluster.running.context.db
      .updateTable("nodes")
      .set({ public_address: "203.0.113.9" })
      .where("name", "=", "lxd0")
      .execute();
    expect(first?.public_address).not.toBe("203.0.113.9");
    expect((await listed(id))?.public_address).toBe("203.0.113.9");
    const single = await cluster.request<AmsInstance>("GET", `/1.0/instances/${id}`);
    expect(single.body.metadata.public_address).toBe("203.0.113.9");
  });
});
