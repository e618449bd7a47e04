// The authorization groups' store (issue 37): the migration that brings them makes every account
// that exists an admin, a new installation's first account is one, later accounts are in no group,
// and what a user holds is what their groups grant. On SQLite, and on PostgreSQL under
// with-postgres.sh.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { openDatabase as openMigratedDatabase } from "@anbox-dashboard/db";
import { openDatabase, type Database } from "../src/store/database.ts";
import { migrations } from "../src/store/migrations/index.ts";
import type { DatabaseSchema } from "../src/store/schema.ts";
import { createUser } from "../src/store/users.ts";
import { grantsOf } from "../src/store/authorization-groups.ts";
import { groupsOf } from "../src/store/group-members.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

let environment: TestEnvironment;
let db: Database;

const person = (name: string) => ({
  email: `${name}@example.com`,
  fullname: name,
  issuer: "https://idp.example",
  subject: name,
});

/** The migrations a database had before the groups came. */
const beforeGroups = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name < "0007-authorization-groups"),
);

beforeAll(async () => {
  environment = await prepareTestEnvironment("authorization-groups");
});

afterAll(async () => {
  await db.destroy();
  await environment.cleanup();
});

describe("authorization groups", () => {
  it("make every account that existed before them an admin, and only those", async () => {
    const older = await openMigratedDatabase<DatabaseSchema>({
      sqlitePath: join(environment.dataDir, "dashboard.sqlite"),
      databaseUrl: environment.databaseUrl,
      migrations: beforeGroups,
      postgresSchema: "dashboard",
    });
    const now = new Date().toISOString();
    await older
      .insertInto("users")
      .values([
        { id: "u-ada", email: "ada@example.com", fullname: "Ada", created_at: now },
        { id: "u-bob", email: "bob@example.com", fullname: "Bob", created_at: now },
      ])
      .execute();
    await older.destroy();

    db = await openDatabase(environment);
    for (const id of ["u-ada", "u-bob"]) {
      expect(await groupsOf(db, id)).toEqual(["admin"]);
      expect(await grantsOf(db, id)).toEqual([
        { entitlement: "admin", resource: "server", grantedBy: { group: "admin" } },
      ]);
    }
    // An account made afterwards, with admins there already, is in no group and holds nothing.
    const later = await db.transaction().execute((tx) => createUser(tx, person("carol")));
    expect(await groupsOf(db, later.id)).toEqual([]);
    expect(await grantsOf(db, later.id)).toEqual([]);
  });

  it("grant a user every permission of each of their groups, and nothing unknown", async () => {
    const dave = await db.transaction().execute((tx) => createUser(tx, person("dave")));
    await db
      .insertInto("auth_groups")
      .values({ name: "testers", created_at: new Date().toISOString() })
      .execute();
    await db
      .insertInto("auth_group_permissions")
      .values([
        { group_name: "testers", entitlement: "can_view", resource: "cluster:lab" },
        { group_name: "testers", entitlement: "can_stream", resource: "instance:lab/c1" },
        // Written by a newer version, or by hand: grants nothing here.
        { group_name: "testers", entitlement: "can_fly", resource: "cluster:lab" },
        { group_name: "testers", entitlement: "can_view", resource: "planet:mars" },
      ])
      .execute();
    await db
      .insertInto("auth_group_members")
      .values({ group_name: "testers", user_id: dave.id })
      .execute();
    expect(await groupsOf(db, dave.id)).toEqual(["testers"]);
    const grants = await grantsOf(db, dave.id);
    expect(grants).toHaveLength(2);
    expect(grants).toEqual(
      expect.arrayContaining([
        { entitlement: "can_view", resource: "cluster:lab", grantedBy: { group: "testers" } },
        {
          entitlement: "can_stream",
          resource: "instance:lab/c1",
          grantedBy: { group: "testers" },
        },
      ]),
    );
  });
});

describe("a new installation", () => {
  it("makes its first account an admin, and the next one not", async () => {
    const fresh = await prepareTestEnvironment("authorization-groups-fresh");
    const freshDb = await openDatabase(fresh);
    try {
      const first = await freshDb.transaction().execute((tx) => createUser(tx, person("erin")));
      const second = await freshDb.transaction().execute((tx) => createUser(tx, person("frank")));
      expect(await groupsOf(freshDb, first.id)).toEqual(["admin"]);
      expect(await groupsOf(freshDb, second.id)).toEqual([]);
    } finally {
      await freshDb.destroy();
      await fresh.cleanup();
    }
  });
});
