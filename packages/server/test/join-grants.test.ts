// The join tokens handed out, kept in the database (SQLite, or PostgreSQL under with-postgres.sh):
// each works once, within its minute, whichever dashboard process on the database it reaches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JoinGrants, joinGrantLifetimeMs, type JoinGrant } from "../src/streaming/join-grants.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

let environment: TestEnvironment;
let db: Database;
let otherProcessDb: Database;

const grant: JoinGrant = {
  clusterId: "lab",
  streamSessionId: "s1",
  grantee: { kind: "session", sessionId: "browser-session-1" },
};

beforeAll(async () => {
  environment = await prepareTestEnvironment("join-grants");
  db = await openDatabase(environment);
  // A second connection pool on the same database, as a second dashboard process has.
  otherProcessDb = await openDatabase(environment);
});

afterAll(async () => {
  await db.destroy();
  await otherProcessDb.destroy();
  await environment.cleanup();
});

describe("JoinGrants", () => {
  it("gives a token's grant once, and keeps no token in the clear", async () => {
    const grants = new JoinGrants(db);
    await grants.grant("token-once", grant);
    const rows = await db.selectFrom("join_grants").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain("token-once");
    expect(await grants.consume("token-once")).toEqual(grant);
    expect(await grants.consume("token-once")).toBeUndefined();
    expect(await grants.consume("never-granted")).toBeUndefined();
  });

  it("binds a share link's join to no browser session", async () => {
    const grants = new JoinGrants(db);
    await grants.grant("token-share", { ...grant, grantee: { kind: "share" } });
    expect((await grants.consume("token-share"))?.grantee).toEqual({ kind: "share" });
  });

  it("gives nothing for a token past its minute", async () => {
    let now = Date.now();
    const grants = new JoinGrants(db, () => now);
    await grants.grant("token-late", grant);
    now += joinGrantLifetimeMs;
    expect(await grants.consume("token-late")).toBeUndefined();
  });

  it("is used up once whichever process it reaches, even when both are asked at once", async () => {
    const here = new JoinGrants(db);
    const there = new JoinGrants(otherProcessDb);
    await here.grant("token-elsewhere", grant);
    expect(await there.consume("token-elsewhere")).toEqual(grant);
    expect(await here.consume("token-elsewhere")).toBeUndefined();

    await here.grant("token-raced", grant);
    const answers = await Promise.all([here.consume("token-raced"), there.consume("token-raced")]);
    expect(answers.filter((answer) => answer !== undefined)).toHaveLength(1);
  });
});
