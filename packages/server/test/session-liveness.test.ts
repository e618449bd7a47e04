// isSessionLive: the check long-lived connections (the events relay) make at every ping. It must
// see every way a session ends, and never push the session's idle limit forward.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/store/database.ts";
import { createUser } from "../src/store/users.ts";
import {
  createBrowserSession,
  endBrowserSession,
  hashSessionToken,
  isSessionLive,
} from "../src/store/browser-sessions.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

let environment: TestEnvironment;
let db: Database;
const lifetimes = { idleMs: 60_000, absoluteMs: 3_600_000 };

beforeAll(async () => {
  environment = await prepareTestEnvironment("session-liveness");
  db = await openDatabase(environment);
});

afterAll(async () => {
  await db.destroy();
  await environment.cleanup();
});

async function newSession(email: string): Promise<{ token: string; userId: string }> {
  const user = await createUser(db, { email, fullname: email, issuer: "i", subject: email });
  const token = await createBrowserSession(
    db,
    { userId: user.id, address: "", userAgent: "", idToken: "" },
    lifetimes,
  );
  return { token, userId: user.id };
}

describe("isSessionLive", () => {
  it("is true for a live session and false once it is logged out", async () => {
    const { token } = await newSession("live@example.com");
    expect(await isSessionLive(db, hashSessionToken(token))).toBe(true);
    await endBrowserSession(db, token);
    expect(await isSessionLive(db, hashSessionToken(token))).toBe(false);
  });

  it("is false past the idle limit, and asking does not push the limit forward", async () => {
    const { token } = await newSession("idle@example.com");
    const id = hashSessionToken(token);
    const before = await db
      .selectFrom("browser_sessions")
      .select("expires_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const later = new Date(Date.parse(before.expires_at) - 1_000);
    expect(await isSessionLive(db, id, later)).toBe(true);
    const after = await db
      .selectFrom("browser_sessions")
      .select("expires_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(after.expires_at).toBe(before.expires_at);
    expect(await isSessionLive(db, id, new Date(Date.parse(before.expires_at) + 1))).toBe(false);
  });

  it("is false for a disabled user and an unknown id", async () => {
    const { token, userId } = await newSession("gone@example.com");
    await db.updateTable("users").set({ disabled: 1 }).where("id", "=", userId).execute();
    expect(await isSessionLive(db, hashSessionToken(token))).toBe(false);
    expect(await isSessionLive(db, hashSessionToken("no-such-token"))).toBe(false);
  });
});
