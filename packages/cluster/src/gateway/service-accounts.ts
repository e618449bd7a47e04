import { createHash, randomBytes } from "node:crypto";
import type { ClusterDatabase } from "../store/database.ts";

/**
 * Service accounts of the stream gateway (reference 3.1). A token is a random secret (32 bytes,
 * base64url) shown once; the database keeps only its SHA-256, so a copy of the database does not
 * hand out access. An account has one token at a time: issuing a new one replaces (revokes) the old.
 */

const accountNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const secondsPerDay = 24 * 60 * 60;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Creates the account `name` with a token valid for `lifetimeDays`, and returns the token. An
 * account of that name that exists (revoked or not) gets the new token and its old one stops working.
 */
export async function createServiceAccount(
  db: ClusterDatabase,
  name: string,
  lifetimeDays: number,
): Promise<string> {
  if (!accountNamePattern.test(name)) {
    throw new Error(
      `Invalid service account name "${name}": use letters, digits, dots, underscores and hyphens (at most 63)`,
    );
  }
  if (!Number.isFinite(lifetimeDays) || lifetimeDays <= 0) {
    throw new Error(`A token's lifetime must be a positive number of days, got ${lifetimeDays}`);
  }
  const token = randomBytes(32).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const row = {
    name,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: now + Math.round(lifetimeDays * secondsPerDay),
    revoked: 0,
  };
  await db
    .insertInto("gateway_accounts")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("name").doUpdateSet({
        token_hash: row.token_hash,
        created_at: row.created_at,
        expires_at: row.expires_at,
        revoked: 0,
      }),
    )
    .execute();
  return token;
}

/** Revokes the account's token. False when no such account exists. */
export async function revokeServiceAccount(db: ClusterDatabase, name: string): Promise<boolean> {
  const result = await db
    .updateTable("gateway_accounts")
    .set({ revoked: 1 })
    .where("name", "=", name)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type TokenCheck =
  { valid: true; account: string; expiresAt: number } | { valid: false; reason: string };

/** Whether a presented token belongs to an account, unrevoked and unexpired, and why not. */
export async function checkServiceToken(db: ClusterDatabase, token: string): Promise<TokenCheck> {
  const account = await db
    .selectFrom("gateway_accounts")
    .select(["name", "expires_at", "revoked"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!account) return { valid: false, reason: "The token is not known to this gateway" };
  if (account.revoked === 1) {
    return { valid: false, reason: `The token of service account ${account.name} was revoked` };
  }
  if (account.expires_at <= Math.floor(Date.now() / 1000)) {
    const when = new Date(account.expires_at * 1000).toISOString();
    return {
      valid: false,
      reason: `The token of service account ${account.name} expired at ${when}`,
    };
  }
  return { valid: true, account: account.name, expiresAt: account.expires_at };
}
