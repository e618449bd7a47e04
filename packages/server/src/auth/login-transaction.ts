import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Database } from "../store/database.ts";
import { sharedSecret } from "../store/shared-secrets.ts";

/**
 * What the relying party must remember between sending the browser to the identity provider and
 * its return: the values the callback checks, where to go next, and a registration token when the
 * sign-in registers a new account.
 */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  next: string;
  registration?: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** A sign-in must come back within this time. */
export const loginTransactionMaxAgeMs = 10 * 60_000;

/**
 * Each sign-in gets a cookie of its own, named after the start of its `state`: two tabs signing in
 * at once do not overwrite each other's transaction.
 */
export const loginCookiePrefix = "dashboard_login_";

export function loginCookieName(state: string): string {
  return `${loginCookiePrefix}${state.slice(0, 16)}`;
}

/**
 * Seals transactions into cookie values with AES-256-GCM: the browser keeps them, cannot read or
 * change them, and they survive a server restart because the key is kept in the database.
 */
export class LoginTransactionSealer {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error("the login transaction key must be 32 bytes");
    this.key = key;
  }

  /**
   * The key every dashboard process on the database shares (a sign-in may start on one and come
   * back to another), made on first use; an older install's `<dataDir>/login-transaction.key` is
   * taken over.
   */
  static async shared(db: Database, dataDir: string): Promise<LoginTransactionSealer> {
    const key = await sharedSecret(db, "login-transaction-key", {
      legacyFile: join(dataDir, "login-transaction.key"),
      make: () => randomBytes(32).toString("base64"),
    });
    return new LoginTransactionSealer(Buffer.from(key, "base64"));
  }

  seal(transaction: LoginTransaction): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    // The cookie's name is authenticated too: a sealed value cannot be moved to another name.
    cipher.setAAD(Buffer.from(loginCookieName(transaction.state)));
    const body = Buffer.concat([
      cipher.update(JSON.stringify(transaction), "utf8"),
      cipher.final(),
    ]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /** The transaction, or undefined when the value was not sealed here, was changed, or is too old. */
  open(cookieName: string, value: string, now = Date.now()): LoginTransaction | undefined {
    const raw = Buffer.from(value, "base64url");
    if (raw.length < 29) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(cookieName));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      const parsed = JSON.parse(text.toString("utf8")) as LoginTransaction;
      if (loginCookieName(parsed.state) !== cookieName) return undefined;
      if (now - parsed.createdAt > loginTransactionMaxAgeMs || parsed.createdAt > now + 60_000) {
        return undefined;
      }
      return parsed;
    } catch {
      return undefined;
    }
  }
}
