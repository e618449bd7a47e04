// First run: the "Important update: Streamable instances" modal is for accounts that knew the
// dashboard before streamable instances; a new account is greeted by the onboarding tour instead.
import { afterEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { openDatabase, type Database } from "../src/store/database.ts";
import { createUser, findUserById } from "../src/store/users.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

const opened: { db: Database; environment: TestEnvironment }[] = [];

afterEach(async () => {
  for (const { db, environment } of opened.splice(0)) {
    await db.destroy();
    await environment.cleanup();
  }
});

async function freshDatabase(): Promise<Database> {
  const environment = await prepareTestEnvironment("first-run");
  const db = await openDatabase(environment);
  opened.push({ db, environment });
  return db;
}

describe("the version-update flag of an account", () => {
  it("is off for an account made now, and its onboarding has not started", async () => {
    const db = await freshDatabase();
    const user = await createUser(db, {
      email: "Grace@Example.com",
      fullname: "Grace Hopper",
      issuer: "https://idp.example.com",
      subject: "grace",
    });
    expect(user.has_version_update_modal).toBe(0);
    expect(user.onboarding_progress).toBe("not-started");
  });

  it("stays on for an account stored before the rule (the column's default)", async () => {
    const db = await freshDatabase();
    // An account as the store wrote it before: no flag given, the migration's default applies.
    const id = randomUUID();
    await db
      .insertInto("users")
      .values({
        id,
        email: "edsger@example.com",
        fullname: "Edsger Dijkstra",
        issuer: "https://idp.example.com",
        subject: "edsger",
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await findUserById(db, id))?.has_version_update_modal).toBe(1);
  });
});
