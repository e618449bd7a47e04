import { validateRegistrationFields } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import { createIdpAccount, IdpAccountError } from "../idp/accounts.ts";
import type { Database } from "../store/database.ts";
import { checkRegistrationToken, consumeRegistrationToken } from "../store/registration-tokens.ts";
import { createUser, findUserByEmail, type UserRow } from "../store/users.ts";
import { linkStateError } from "./link-state-error.ts";

export interface AccountRegistration {
  token: string;
  fullname: string;
  /** Read only when the link was made without an address. */
  email: string | undefined;
  password: string;
}

/**
 * Registers a person with the embedded identity provider through a one-time link: their provider
 * account, their dashboard user, and the link marked used, all or nothing.
 *
 * The three writes share one transaction, so a failure anywhere (the provider refusing the
 * password, a crash) leaves the link usable and no half-made account behind. Two submissions
 * racing on one link cannot both win: the link is consumed with a conditional update inside the
 * transaction, so the loser rolls back; and a loser that fails earlier (on the provider's
 * unique e-mail address, say) is recognised afterwards by the link now being used, and told so.
 */
export async function registerAccount(
  db: Database,
  issuer: string,
  input: AccountRegistration,
): Promise<UserRow> {
  // Everything that can be refused without writing is checked first, outside the transaction.
  const link = await checkRegistrationToken(db, input.token);
  if (link.kind !== "valid") throw linkStateError(link.kind);
  const askedForEmail = link.email === "";
  const errors = validateRegistrationFields({
    fullname: input.fullname,
    email: askedForEmail ? (input.email ?? "") : undefined,
    password: input.password,
  });
  const messages = Object.values(errors);
  if (messages.length > 0) throw new HttpError(400, messages.join(" "));
  const email = (askedForEmail ? (input.email ?? "") : link.email).trim().toLowerCase();
  const fullname = input.fullname.trim();
  if (await findUserByEmail(db, email)) {
    throw new HttpError(
      400,
      "An account with this e-mail address already exists. Sign in instead.",
    );
  }

  try {
    return await db.transaction().execute(async (tx) => {
      const account = await createIdpAccount(tx, { email, fullname, password: input.password });
      const user = await createUser(tx, { email, fullname, issuer, subject: account.id });
      if (!(await consumeRegistrationToken(tx, input.token, user.id))) {
        throw linkStateError("used");
      }
      return user;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Did another submission take the link meanwhile? Then that is the story, not our error.
    const after = await checkRegistrationToken(db, input.token);
    if (after.kind !== "valid") throw linkStateError(after.kind);
    // The provider refused the account (a weak password, say): its message is for the person.
    if (error instanceof IdpAccountError) throw new HttpError(400, `${error.message}.`);
    throw error;
  }
}
