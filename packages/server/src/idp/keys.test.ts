import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieKeysFile, loadOrCreateIdpKeys, signingKeysFile } from "./keys.ts";

const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "idp-keys-test-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the identity provider's keys", () => {
  it("are made once, kept with mode 0600 and read back unchanged", () => {
    const dir = dataDir();
    const first = loadOrCreateIdpKeys(dir);
    expect(first.signingKeys).toHaveLength(1);
    expect(first.signingKeys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(first.signingKeys[0]?.d).toBeTruthy();
    expect(first.cookieKeys).toHaveLength(1);
    for (const file of [signingKeysFile, cookieKeysFile]) {
      expect(statSync(join(dir, "idp", file)).mode & 0o777).toBe(0o600);
    }
    expect(loadOrCreateIdpKeys(dir)).toEqual(first);
    expect(loadOrCreateIdpKeys(dataDir()).signingKeys[0]?.kid).not.toBe(first.signingKeys[0]?.kid);
  });

  it("refuse a damaged key file with a message that says what to do", () => {
    const dir = dataDir();
    loadOrCreateIdpKeys(dir);
    writeFileSync(join(dir, "idp", signingKeysFile), "{not json");
    expect(() => loadOrCreateIdpKeys(dir)).toThrow(/jwks\.json is not a valid key file/);
  });
});
