import { createHash, randomBytes } from "node:crypto";
import type { Database } from "./database.ts";
import { missingGroups } from "./authorization-groups.ts";
import { addGroupMembers } from "./group-members.ts";

export const defaultRegistrationValidityMs = 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A registration link's name in the audit trail: the start of its token's hash, which the link's
 * issue and its use both show, and which opens nothing.
 */
export function registrationLinkId(token: string): string {
  return hashToken(token).slice(0, 12);
}

/**
 * Makes a one-time registration token, valid for `validityMs`; only its hash is stored. The
 * account it registers starts in `groups` (in none when none are given).
 */
export async function createRegistrationToken(
  db: Database,
  email: string,
  validityMs = defaultRegistrationValidityMs,
  now = new Date(),
  groups: readonly string[] = [],
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + validityMs);
  await db
    .insertInto("registration_tokens")
    .values({
      token_hash: hashToken(token),
      email: email.toLowerCase(),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: "",
      used_by: "",
      groups: groups.join("\n"),
    })
    .execute();
  return { token, expiresAt };
}

export type RegistrationTokenState =
  | { kind: "valid"; email: string; expiresAt: string }
  | { kind: "used" }
  | { kind: "expired" }
  | { kind: "unknown" };

export async function checkRegistrationToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<RegistrationTokenState> {
  const row = await db
    .selectFrom("registration_tokens")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { kind: "unknown" };
  if (row.used_at !== "") return { kind: "used" };
  if (row.expires_at <= now.toISOString()) return { kind: "expired" };
  return { kind: "valid", email: row.email, expiresAt: row.expires_at };
}

/**
 * Marks the token used by `userId`, once, and makes them a member of the groups it names (those
 * that still exist): false when it was used (or expired) meanwhile, so two registrations racing on
 * one link cannot both succeed. Call it in the transaction that makes the account.
 */
export async function consumeRegistrationToken(
  db: Database,
  token: string,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("registration_tokens")
    .set({ used_at: now.toISOString(), used_by: userId })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "=", "")
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const { groups } = await db
    .selectFrom("registration_tokens")
    .select("groups")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirstOrThrow();
  const named = groups === "" ? [] : groups.split("\n");
  const gone = await missingGroups(db, named);
  for (const group of named) {
    if (!gone.includes(group)) await addGroupMembers(db, group, [userId]);
  }
  return true;
}
