import { chmodSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClusterDatabase } from "../store/database.ts";
import { checkServiceToken, createServiceAccount } from "./service-accounts.ts";

export const dashboardAccountName = "dashboard";
export const dashboardTokenFileName = "gateway-token";

/** The dashboard's token lasts a year and is renewed at start-up when less than a month is left. */
const dashboardTokenDays = 365;
const renewWithinSeconds = 30 * 24 * 60 * 60;

/**
 * Makes sure the dashboard server on this machine can call the gateway: the account `dashboard`
 * exists and `<dataDir>/gateway-token` (mode 0600) holds a token of it that works. A missing file,
 * a token the database does not know (another database), a revoked, expired or nearly expired
 * token: each gets a new token, which replaces the old one.
 */
export async function ensureDashboardToken(db: ClusterDatabase, dataDir: string): Promise<string> {
  const path = join(dataDir, dashboardTokenFileName);
  const current = readTokenFile(path);
  if (current !== undefined) {
    const check = await checkServiceToken(db, current);
    if (
      check.valid &&
      check.account === dashboardAccountName &&
      check.expiresAt - Date.now() / 1000 > renewWithinSeconds
    ) {
      return path;
    }
  }
  const token = await createServiceAccount(db, dashboardAccountName, dashboardTokenDays);
  // Written beside and renamed, so that a reader never sees a half-written token.
  const partial = `${path}.partial`;
  writeFileSync(partial, `${token}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, path);
  return path;
}

function readTokenFile(path: string): string | undefined {
  try {
    const token = readFileSync(path, "utf8").trim();
    return token === "" ? undefined : token;
  } catch {
    return undefined;
  }
}
