import type { LoginErrorCode } from "@anbox-dashboard/contract";
import type { Database } from "../store/database.ts";
import { createUser, findUserByEmail, findUserByIdentity, type UserRow } from "../store/users.ts";
import { checkRegistrationToken, consumeRegistrationToken } from "../store/registration-tokens.ts";

/** Who the identity provider says signed in: their subject, and what it told about them. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
  name: string | undefined;
}

export type IdentityOutcome =
  | { kind: "user"; user: UserRow; registered: boolean }
  | { kind: "no-account" }
  | { kind: "refused"; code: LoginErrorCode; detail: string };

/**
 * The dashboard user behind an identity. When there is none and the sign-in carried a registration
 * token (registration through an external provider), the account is made from the identity's
 * e-mail and name, and the token is used up, both in one transaction: if another registration
 * used the token meanwhile, no account is left behind.
 */
export async function userForIdentity(
  db: Database,
  identity: VerifiedIdentity,
  registrationToken: string | undefined,
  now = new Date(),
): Promise<IdentityOutcome> {
  const existing = await findUserByIdentity(db, identity.issuer, identity.subject);
  if (existing) return { kind: "user", user: existing, registered: false };
  if (registrationToken === undefined) return { kind: "no-account" };

  const token = await checkRegistrationToken(db, registrationToken, now);
  if (token.kind !== "valid") {
    return { kind: "refused", code: "registration-invalid", detail: `token ${token.kind}` };
  }
  const email = identity.email?.trim().toLowerCase() ?? "";
  if (email === "") {
    return { kind: "refused", code: "registration-email-missing", detail: "no email claim" };
  }
  if (token.email !== "") {
    // A link made for a named person: the provider must vouch for that very address.
    if (email !== token.email || identity.emailVerified === false) {
      return {
        kind: "refused",
        code: "registration-email-mismatch",
        detail: `link for ${token.email}, provider says ${email}${identity.emailVerified === false ? " (unverified)" : ""}`,
      };
    }
  }
  if (await findUserByEmail(db, email)) {
    return { kind: "refused", code: "account-exists", detail: `${email} has an account` };
  }

  let user: UserRow;
  try {
    user = await db.transaction().execute(async (tx) => {
      const created = await createUser(
        tx,
        {
          email,
          fullname: nonEmpty(identity.name?.trim()) ?? email,
          issuer: identity.issuer,
          subject: identity.subject,
        },
        now,
      );
      // Throwing rolls the new account back.
      if (!(await consumeRegistrationToken(tx, registrationToken, created.id, now))) {
        throw new TokenUsedMeanwhile();
      }
      return created;
    });
  } catch (error) {
    if (error instanceof TokenUsedMeanwhile) {
      return { kind: "refused", code: "registration-invalid", detail: "token used meanwhile" };
    }
    throw error;
  }
  return { kind: "user", user, registered: true };
}

class TokenUsedMeanwhile extends Error {}

function nonEmpty(value: string | undefined): string | undefined {
  return value === "" ? undefined : value;
}
