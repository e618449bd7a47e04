export * from "./open-database.ts";
export { openNodeSqliteDatabase } from "./node-sqlite-database.ts";
export { createTestDatabase, type TestDatabase } from "./test-database.ts";
export { ensurePrivateDirectory, restrictToOwner } from "./private-files.ts";
