import { existsSync, readFileSync } from "node:fs";
import type { Database } from "./database.ts";

export interface SecretOptions {
  /** The file an older install kept it in (in the data directory): taken over, not remade. */
  legacyFile: string;
  /** Makes a new one, when there is neither. */
  make: () => string;
}

/**
 * One of the server's secrets, kept in the database so that every dashboard process on it uses
 * the same (a login started on one process finishes on another; every process verifies the
 * identity provider's tokens and cookies). Made once by whichever process asks first: processes
 * starting together each offer one, and all take the one written first. An install that kept the
 * secret in a file has it taken over, so that nobody's sign-in breaks on the upgrade; the file
 * stays, unused.
 */
export async function sharedSecret(
  db: Database,
  name: string,
  options: SecretOptions,
): Promise<string> {
  const stored = await readSecret(db, name);
  if (stored !== undefined) return stored;
  const offered = existsSync(options.legacyFile)
    ? readFileSync(options.legacyFile, "utf8").trim()
    : options.make();
  await db
    .insertInto("server_secrets")
    .values({ name, value: offered })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const kept = await readSecret(db, name);
  if (kept === undefined) throw new Error(`the secret ${name} could not be stored`);
  return kept;
}

async function readSecret(db: Database, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirst();
  return row?.value;
}
