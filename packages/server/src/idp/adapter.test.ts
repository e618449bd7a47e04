import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Adapter } from "oidc-provider";
import type { Database } from "../store/database.ts";
import { openTestDatabase } from "../../test/idp-support.ts";
import { payloadAdapterFactory } from "./adapter.ts";

let db: Database;
let close: () => Promise<void>;
let clock = new Date("2030-01-01T00:00:00Z");
let sessions: Adapter;
let codes: Adapter;
let tokens: Adapter;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  const factory = payloadAdapterFactory(db, { now: () => clock });
  sessions = factory("Session");
  codes = factory("AuthorizationCode");
  tokens = factory("AccessToken");
});

afterAll(async () => {
  await close();
});

function advance(seconds: number): void {
  clock = new Date(clock.getTime() + seconds * 1000);
}

describe("the idp_payloads adapter", () => {
  it("stores, replaces and finds payloads by id and uid, per model", async () => {
    await sessions.upsert("s1", { uid: "u1", accountId: "a" }, 60);
    expect(await sessions.find("s1")).toEqual({ uid: "u1", accountId: "a" });
    expect(await sessions.findByUid("u1")).toEqual({ uid: "u1", accountId: "a" });
    await sessions.upsert("s1", { uid: "u1", accountId: "b" }, 60);
    expect(await sessions.find("s1")).toMatchObject({ accountId: "b" });
    // Models do not share ids.
    expect(await codes.find("s1")).toBeUndefined();
    await sessions.destroy("s1");
    expect(await sessions.find("s1")).toBeUndefined();
  });

  it("finds by user code", async () => {
    const devices = payloadAdapterFactory(db, { now: () => clock })("DeviceCode");
    await devices.upsert("d1", { userCode: "ABCD-EFGH" }, 60);
    expect(await devices.findByUserCode("ABCD-EFGH")).toMatchObject({ userCode: "ABCD-EFGH" });
    expect(await devices.findByUserCode("")).toBeUndefined();
  });

  it("forgets payloads once they expire", async () => {
    await codes.upsert("c1", { grantId: "g0" }, 10);
    await sessions.upsert("forever", { accountId: "a" });
    advance(9);
    expect(await codes.find("c1")).toBeDefined();
    advance(2);
    expect(await codes.find("c1")).toBeUndefined();
    advance(365 * 24 * 3600);
    expect(await sessions.find("forever")).toBeDefined();
  });

  it("marks consumption, and an upsert starts afresh", async () => {
    await codes.upsert("c2", { grantId: "g1" }, 60);
    await codes.consume("c2");
    const consumed = await codes.find("c2");
    expect(consumed?.consumed).toBe(Math.floor(clock.getTime() / 1000));
    await codes.upsert("c2", { grantId: "g1" }, 60);
    expect((await codes.find("c2"))?.consumed).toBeUndefined();
  });

  it("revokes a grant's payloads of its model only", async () => {
    await codes.upsert("c3", { grantId: "g2" }, 60);
    await tokens.upsert("t3", { grantId: "g2" }, 60);
    await tokens.upsert("t4", { grantId: "other" }, 60);
    await tokens.revokeByGrantId("g2");
    expect(await tokens.find("t3")).toBeUndefined();
    expect(await tokens.find("t4")).toBeDefined();
    expect(await codes.find("c3")).toBeDefined();
  });

  it("removes expired rows from the table now and then", async () => {
    await tokens.upsert("t5", { grantId: "g3" }, 1);
    advance(120);
    await tokens.upsert("t6", { grantId: "g3" }, 60);
    const left = await db.selectFrom("idp_payloads").select("id").where("id", "=", "t5").execute();
    expect(left).toEqual([]);
  });
});
