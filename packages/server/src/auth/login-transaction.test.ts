import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  LoginTransactionSealer,
  loginCookieName,
  loginTransactionMaxAgeMs,
  type LoginTransaction,
} from "./login-transaction.ts";

const transaction: LoginTransaction = {
  state: "abcdefghijklmnopqrstuvwxyz",
  nonce: "n",
  codeVerifier: "v",
  next: "/instances",
  registration: "token",
  createdAt: 1_000_000,
};
const name = loginCookieName(transaction.state);

describe("LoginTransactionSealer", () => {
  const sealer = new LoginTransactionSealer(randomBytes(32));

  it("opens what it sealed, within ten minutes", () => {
    const sealed = sealer.seal(transaction);
    expect(sealed).not.toContain("token");
    expect(sealer.open(name, sealed, transaction.createdAt + 1000)).toEqual(transaction);
    expect(sealer.open(name, sealed, transaction.createdAt + loginTransactionMaxAgeMs + 1)).toBe(
      undefined,
    );
  });

  it("refuses a changed value, another cookie name, or another key", () => {
    const sealed = sealer.seal(transaction);
    const bytes = Buffer.from(sealed, "base64url");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(sealer.open(name, bytes.toString("base64url"), transaction.createdAt)).toBeUndefined();
    expect(sealer.open(`${name}x`, sealed, transaction.createdAt)).toBeUndefined();
    const other = new LoginTransactionSealer(randomBytes(32));
    expect(other.open(name, sealed, transaction.createdAt)).toBeUndefined();
    expect(sealer.open(name, "short", transaction.createdAt)).toBeUndefined();
  });
});
