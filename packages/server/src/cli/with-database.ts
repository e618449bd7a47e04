import { HttpError } from "@anbox-dashboard/http-kit";
import type { ServerConfig } from "../config.ts";
import { openDatabase, type Database } from "../store/database.ts";
import { CliError } from "./cli-error.ts";

/** Runs `work` on the dashboard's database; the store's refusals become the command's errors. */
export async function withDatabase(
  config: Pick<ServerConfig, "dataDir" | "databaseUrl">,
  work: (db: Database) => Promise<void>,
): Promise<void> {
  const db = await openDatabase(config);
  try {
    await work(db);
  } catch (error) {
    if (error instanceof HttpError) throw new CliError(error.message, 1);
    throw error;
  } finally {
    await db.destroy();
  }
}
