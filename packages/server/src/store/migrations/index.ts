import type { Migration, MigrationProvider } from "kysely/migration";
import { usersAndSessions } from "./0001-users-and-sessions.ts";

/** Every migration, in order. Names sort in the order they must run; never rename one that shipped. */
const migrations: Record<string, Migration> = {
  "0001-users-and-sessions": usersAndSessions,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
