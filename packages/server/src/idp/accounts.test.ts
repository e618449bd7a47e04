import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../store/database.ts";
import { openTestDatabase } from "../../test/idp-support.ts";
import {
  IdpAccountError,
  createIdpAccount,
  findIdpAccountByEmail,
  idpAccountClaims,
  verifyIdpPassword,
} from "./accounts.ts";

let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});

afterAll(async () => {
  await close();
});

describe("embedded identity provider accounts", () => {
  it("creates an account with a lower-case e-mail and a hashed password", async () => {
    const account = await createIdpAccount(db, {
      email: " Ada@Example.COM ",
      fullname: " Ada Lovelace ",
      password: "analytical engine",
    });
    expect(account).toEqual({ id: account.id, email: "ada@example.com", fullname: "Ada Lovelace" });
    const row = await db
      .selectFrom("idp_accounts")
      .selectAll()
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);
    expect(await findIdpAccountByEmail(db, "ADA@example.com")).toEqual(account);
    expect(idpAccountClaims(account)).toEqual({
      sub: account.id,
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
    });
  });

  it("checks passwords, whatever the case of the address", async () => {
    await createIdpAccount(db, {
      email: "grace@example.com",
      fullname: "Grace Hopper",
      password: "nanoseconds!",
    });
    expect(await verifyIdpPassword(db, "Grace@Example.com", "nanoseconds!")).toMatchObject({
      email: "grace@example.com",
    });
    expect(await verifyIdpPassword(db, "grace@example.com", "Nanoseconds!")).toBeUndefined();
    expect(await verifyIdpPassword(db, "nobody@example.com", "nanoseconds!")).toBeUndefined();
  });

  it.each([
    [{ email: "", fullname: "A", password: "long enough pw" }, "E-mail address is required"],
    [
      { email: "not-an-address", fullname: "A", password: "long enough pw" },
      "is not a valid e-mail address",
    ],
    [
      { email: "a@example.com", fullname: "  ", password: "long enough pw" },
      "Full name is required",
    ],
    [
      { email: "a@example.com", fullname: "A", password: "short" },
      "Password must be at least 10 characters",
    ],
  ])("refuses %o with a clear message", async (account, message) => {
    const attempt = createIdpAccount(db, account);
    await expect(attempt).rejects.toBeInstanceOf(IdpAccountError);
    await expect(attempt).rejects.toThrow(message);
  });

  it("refuses a second account for an address, in any case", async () => {
    await createIdpAccount(db, {
      email: "linus@example.com",
      fullname: "L",
      password: "0123456789",
    });
    await expect(
      createIdpAccount(db, { email: "LINUS@example.com", fullname: "L2", password: "0123456789" }),
    ).rejects.toThrow("An account with this e-mail address already exists");
  });
});
