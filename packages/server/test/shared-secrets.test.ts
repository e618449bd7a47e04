// The server's secrets, in the database (SQLite, or PostgreSQL under with-postgres.sh): made once,
// the same for every dashboard process on it (two connection pools stand for two processes, each
// with a data directory of its own), and taken over from the files an older install kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { sharedSecret } from "../src/store/shared-secrets.ts";
import { LoginTransactionSealer, loginCookieName } from "../src/auth/login-transaction.ts";
import { embeddedIdpClientSecret } from "../src/auth/identity-provider.ts";
import { loadOrCreateIdpKeys } from "../src/idp/keys.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

let environment: TestEnvironment;
let one: Database;
let other: Database;
let otherDataDir: string;

beforeAll(async () => {
  environment = await prepareTestEnvironment("shared-secrets");
  one = await openDatabase(environment);
  other = await openDatabase(environment);
  otherDataDir = mkdtempSync(join(tmpdir(), "shared-secrets-other-"));
});

afterAll(async () => {
  await one.destroy();
  await other.destroy();
  await environment.cleanup();
  rmSync(otherDataDir, { recursive: true, force: true });
});

const nowhere = "/nonexistent/secret-file";

describe("sharedSecret", () => {
  it("is made once, and every process gets the one written first, even when they race", async () => {
    let made = 0;
    const make = () => `secret-${String((made += 1))}`;
    const [first, second] = await Promise.all([
      sharedSecret(one, "raced", { legacyFile: nowhere, make }),
      sharedSecret(other, "raced", { legacyFile: nowhere, make }),
    ]);
    expect(first).toBe(second);
    expect(await sharedSecret(other, "raced", { legacyFile: nowhere, make })).toBe(first);
  });

  it("takes over the file an older install kept, rather than making a new one", async () => {
    const file = join(environment.dataDir, "old-secret");
    writeFileSync(file, "kept-from-before\n", { mode: 0o600 });
    const secret = await sharedSecret(one, "taken-over", {
      legacyFile: file,
      make: () => "new",
    });
    expect(secret).toBe("kept-from-before");
  });
});

describe("the secrets the server keeps", () => {
  it("open a login transaction sealed by another process", async () => {
    const sealerHere = await LoginTransactionSealer.shared(one, environment.dataDir);
    const sealerThere = await LoginTransactionSealer.shared(other, otherDataDir);
    const transaction = {
      state: "state-of-a-sign-in-0123456789",
      nonce: "n",
      codeVerifier: "v",
      next: "/instances",
      createdAt: Date.now(),
    };
    const sealed = sealerHere.seal(transaction);
    expect(sealerThere.open(loginCookieName(transaction.state), sealed, Date.now())).toEqual(
      transaction,
    );
  });

  it("give the embedded provider one client secret and one set of keys", async () => {
    expect(await embeddedIdpClientSecret(one, environment.dataDir)).toBe(
      await embeddedIdpClientSecret(other, otherDataDir),
    );
    const keys = await loadOrCreateIdpKeys(one, environment.dataDir);
    expect(keys.signingKeys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(keys.signingKeys[0]?.d).toBeTruthy();
    expect(keys.cookieKeys).toHaveLength(1);
    expect(await loadOrCreateIdpKeys(other, otherDataDir)).toEqual(keys);
  });

  it("take over the provider's key files of an older install", async () => {
    const environmentBefore = await prepareTestEnvironment("shared-secrets-upgrade");
    try {
      const idp = join(environmentBefore.dataDir, "idp");
      mkdirSync(idp, { recursive: true });
      const cookieKeys = { keys: ["an-old-cookie-key-of-enough-length"] };
      writeFileSync(join(idp, "cookie-keys.json"), JSON.stringify(cookieKeys));
      const db = await openDatabase(environmentBefore);
      try {
        expect((await loadOrCreateIdpKeys(db, environmentBefore.dataDir)).cookieKeys).toEqual(
          cookieKeys.keys,
        );
        // Damaged in the database: refused, with what to do.
        await sql`UPDATE server_secrets SET value = '{not json' WHERE name = 'idp-cookie-keys'`.execute(
          db,
        );
        await expect(loadOrCreateIdpKeys(db, environmentBefore.dataDir)).rejects.toThrow(
          /idp-cookie-keys .* are not valid keys/,
        );
      } finally {
        await db.destroy();
      }
    } finally {
      await environmentBefore.cleanup();
    }
  });
});
