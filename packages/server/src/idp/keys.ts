import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import type { JWK } from "oidc-provider";

/**
 * The embedded identity provider's secrets: the key that signs ID tokens and the keys that sign
 * its cookies. Made once and kept under `<dataDir>/idp/` (mode 0600), so tokens stay verifiable
 * and IdP sessions stay valid across restarts.
 */

export interface IdpKeys {
  /** Private signing keys (JWK), newest first. The provider publishes their public halves. */
  signingKeys: JWK[];
  /** Cookie signing keys, newest first: the first signs, all verify. */
  cookieKeys: string[];
}

export const signingKeysFile = "jwks.json";
export const cookieKeysFile = "cookie-keys.json";

export function loadOrCreateIdpKeys(dataDir: string): IdpKeys {
  const dir = join(dataDir, "idp");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const signingKeys = readOrCreate(join(dir, signingKeysFile), () => ({ keys: [newSigningKey()] }));
  const cookieKeys = readOrCreate(join(dir, cookieKeysFile), () => ({
    keys: [randomBytes(32).toString("base64url")],
  }));
  if (!isSigningKeySet(signingKeys)) throw unreadable(join(dir, signingKeysFile));
  if (!isStringList(cookieKeys)) throw unreadable(join(dir, cookieKeysFile));
  return { signingKeys: signingKeys.keys, cookieKeys: cookieKeys.keys };
}

/** RS256: the algorithm every OpenID client supports and the provider's default for ID tokens. */
function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  return {
    kty: jwk.kty,
    n: jwk.n,
    e: jwk.e,
    d: jwk.d,
    p: jwk.p,
    q: jwk.q,
    dp: jwk.dp,
    dq: jwk.dq,
    qi: jwk.qi,
    kid: randomUUID(),
    alg: "RS256",
    use: "sig",
  };
}

function readOrCreate(path: string, create: () => unknown): unknown {
  if (!existsSync(path)) {
    // "wx": never overwrite a file another process has just written.
    writeFileSync(path, `${JSON.stringify(create(), null, 2)}\n`, { mode: 0o600, flag: "wx" });
  }
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    throw unreadable(path);
  }
}

function isSigningKeySet(value: unknown): value is { keys: JWK[] } {
  if (typeof value !== "object" || value === null || !("keys" in value)) return false;
  const { keys } = value;
  return (
    Array.isArray(keys) &&
    keys.length > 0 &&
    keys.every((key: unknown) => typeof key === "object" && key !== null && "kty" in key)
  );
}

function isStringList(value: unknown): value is { keys: string[] } {
  if (typeof value !== "object" || value === null || !("keys" in value)) return false;
  const { keys } = value;
  return (
    Array.isArray(keys) &&
    keys.length > 0 &&
    keys.every((key: unknown) => typeof key === "string" && key.length >= 16)
  );
}

function unreadable(path: string): Error {
  return new Error(
    `${path} is not a valid key file. Restore it from a backup, or delete it to make a new one (people signed in to the dashboard's identity provider will have to sign in again).`,
  );
}
