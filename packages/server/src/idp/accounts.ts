import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "../store/database.ts";
import type { IdpAccountsTable } from "../store/schema.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";

/** Accounts of the embedded identity provider: the people who sign in with an e-mail and a password. */

type IdpAccountRow = Selectable<IdpAccountsTable>;

export interface IdpAccount {
  id: string;
  email: string;
  fullname: string;
}

export interface NewIdpAccount {
  email: string;
  fullname: string;
  password: string;
}

/** The claims the provider releases about an account (scopes `email` and `profile`). */
export interface IdpAccountClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  [claim: string]: unknown;
}

/** A new account was refused; the message says what to change. */
export class IdpAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IdpAccountError";
  }
}

export const minPasswordLength = 10;
// scrypt hashes any length, but nobody types a megabyte: refuse it before spending time on it.
export const maxPasswordLength = 1024;
const maxFullnameLength = 200;
const maxEmailLength = 254;
// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toAccount(row: IdpAccountRow): IdpAccount {
  return { id: row.id, email: row.email, fullname: row.fullname };
}

function validate(account: NewIdpAccount): { email: string; fullname: string } {
  const email = account.email.trim().toLowerCase();
  const fullname = account.fullname.trim();
  if (email === "") throw new IdpAccountError("E-mail address is required");
  if (email.length > maxEmailLength || !emailPattern.test(email)) {
    throw new IdpAccountError(`"${account.email}" is not a valid e-mail address`);
  }
  if (fullname === "") throw new IdpAccountError("Full name is required");
  if (fullname.length > maxFullnameLength) {
    throw new IdpAccountError(`Full name must be at most ${maxFullnameLength} characters`);
  }
  if (account.password.length < minPasswordLength) {
    throw new IdpAccountError(`Password must be at least ${minPasswordLength} characters`);
  }
  if (account.password.length > maxPasswordLength) {
    throw new IdpAccountError(`Password must be at most ${maxPasswordLength} characters`);
  }
  return { email, fullname };
}

const duplicateMessage = "An account with this e-mail address already exists";

/** Adds an account. E-mail addresses are kept in lower case and must be unique. */
export async function createIdpAccount(
  db: Database,
  account: NewIdpAccount,
  now = new Date(),
): Promise<IdpAccount> {
  const { email, fullname } = validate(account);
  if (await findIdpAccountByEmail(db, email)) throw new IdpAccountError(duplicateMessage);
  const row: IdpAccountRow = {
    id: randomUUID(),
    email,
    fullname,
    password_hash: await hashPassword(account.password),
    created_at: now.toISOString(),
  };
  try {
    await db.insertInto("idp_accounts").values(row).execute();
  } catch (error) {
    // Two registrations for one address at once: the unique index refuses the second.
    if (await findIdpAccountByEmail(db, email)) throw new IdpAccountError(duplicateMessage);
    throw error;
  }
  return toAccount(row);
}

export async function findIdpAccountByEmail(
  db: Database,
  email: string,
): Promise<IdpAccount | undefined> {
  const row = await db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findIdpAccountById(
  db: Database,
  id: string,
): Promise<IdpAccount | undefined> {
  const row = await db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toAccount(row);
}

/**
 * The account when `password` is its password, else undefined. An unknown address takes as long
 * as a wrong password, so the timing does not tell which accounts exist.
 */
export async function verifyIdpPassword(
  db: Database,
  email: string,
  password: string,
): Promise<IdpAccount | undefined> {
  if (password.length > maxPasswordLength) return undefined;
  const row = await db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return verifyAgainstDummy(password).then(() => undefined);
  return (await verifyPassword(password, row.password_hash)) ? toAccount(row) : undefined;
}

export function idpAccountClaims(account: IdpAccount): IdpAccountClaims {
  return { sub: account.id, email: account.email, email_verified: true, name: account.fullname };
}
