import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "./database.ts";
import type { UsersTable } from "./schema.ts";
import { makeAdminIfNoneYet } from "./group-members.ts";

export type UserRow = Selectable<UsersTable>;

export async function countUsers(db: Database): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers COUNT as a string (bigint); SQLite as a number.
  return Number(row.count);
}

/** The user who signs in as `subject` at `issuer`. */
export function findUserByIdentity(
  db: Database,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("issuer", "=", issuer)
    .where("subject", "=", subject)
    .executeTakeFirst();
}

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface NewUser {
  email: string;
  fullname: string;
  issuer: string;
  subject: string;
}

/**
 * Adds a dashboard user linked to an identity. E-mail addresses are kept in lower case.
 *
 * A new account starts without the "Important update: Streamable instances" modal: it announces
 * a change to people who knew the dashboard before it, and a newcomer is greeted by the
 * onboarding tour instead. The column's default (1) stays what accounts made before this rule
 * have, so they still see it once.
 */
export async function createUser(db: Database, user: NewUser, now = new Date()): Promise<UserRow> {
  const row = {
    id: randomUUID(),
    email: user.email.toLowerCase(),
    fullname: user.fullname,
    issuer: user.issuer,
    subject: user.subject,
    created_at: now.toISOString(),
    has_version_update_modal: 0,
  };
  await db.insertInto("users").values(row).execute();
  // A new installation's first account is an admin (its callers make both in one transaction).
  await makeAdminIfNoneYet(db, row.id);
  const created = await findUserById(db, row.id);
  if (!created) throw new Error("the new user was not stored");
  return created;
}

/**
 * Disables (or enables again) the user with this address. Disabling ends all their sessions at
 * once: each is marked, so that its next request is told why (403) rather than asked to sign in.
 */
export async function setUserDisabled(
  db: Database,
  email: string,
  disabled: boolean,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("users")
      .set({ disabled: disabled ? 1 : 0 })
      .where("id", "=", user.id)
      .execute();
    if (disabled) {
      await tx
        .updateTable("browser_sessions")
        .set({ ended_reason: "disabled" })
        .where("user_id", "=", user.id)
        .where("ended_reason", "=", "")
        .execute();
    }
  });
  return findUserById(db, user.id);
}

/** Every user, by e-mail address (the identities page; a few hundred at most per dashboard). */
export function listUsers(db: Database): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().orderBy("email").execute();
}
