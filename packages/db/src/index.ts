export * from "./open-database.ts";
export { openNodeSqliteDatabase } from "./node-sqlite-database.ts";
