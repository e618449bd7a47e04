import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import type { JWK } from "oidc-provider";
import type { Database } from "../store/database.ts";
import { sharedSecret } from "../store/shared-secrets.ts";

/**
 * The embedded identity provider's secrets: the key that signs ID tokens and the keys that sign
 * its cookies. Made once and kept in the database (store/shared-secrets.ts), so tokens stay
 * verifiable and IdP sessions stay valid across restarts and whichever dashboard process answers;
 * an older install's files under `<dataDir>/idp/` are taken over.
 */

export interface IdpKeys {
  /** Private signing keys (JWK), newest first. The provider publishes their public halves. */
  signingKeys: JWK[];
  /** Cookie signing keys, newest first: the first signs, all verify. */
  cookieKeys: string[];
}

export const signingKeysFile = "jwks.json";
export const cookieKeysFile = "cookie-keys.json";

export async function loadOrCreateIdpKeys(db: Database, dataDir: string): Promise<IdpKeys> {
  const dir = join(dataDir, "idp");
  const signingKeys = parse(
    await sharedSecret(db, "idp-signing-keys", {
      legacyFile: join(dir, signingKeysFile),
      make: () => JSON.stringify({ keys: [newSigningKey()] }),
    }),
  );
  const cookieKeys = parse(
    await sharedSecret(db, "idp-cookie-keys", {
      legacyFile: join(dir, cookieKeysFile),
      make: () => JSON.stringify({ keys: [randomBytes(32).toString("base64url")] }),
    }),
  );
  if (!isSigningKeySet(signingKeys)) throw unreadable("idp-signing-keys", signingKeysFile);
  if (!isStringList(cookieKeys)) throw unreadable("idp-cookie-keys", cookieKeysFile);
  return { signingKeys: signingKeys.keys, cookieKeys: cookieKeys.keys };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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

function unreadable(name: string, file: string): Error {
  return new Error(
    `The identity provider's ${name} (server_secrets, taken over from idp/${file}) are not valid keys. Restore them from a backup, or delete that row (and the file) to make new ones (people signed in to the dashboard's identity provider will have to sign in again).`,
  );
}
