import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

// Small parameters keep these fast; the format and checks are the same as with the defaults.
const fast = { N: 1024, r: 8, p: 1 };

describe("password hashing", () => {
  it("stores scrypt with its parameters, a salt and the hash", async () => {
    const hash = await hashPassword("correct horse battery");
    const [scheme, n, r, p, salt, key] = hash.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", String(2 ** 15), "8", "1"]);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(32);
    expect(hash).not.toContain("correct horse");
  });

  it("verifies the right password and refuses others", async () => {
    const hash = await hashPassword("correct horse battery", fast);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    const first = await hashPassword("same password here", fast);
    const second = await hashPassword("same password here", fast);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same password here", second)).toBe(true);
  });

  it("uses the parameters stored with the hash", async () => {
    const hash = await hashPassword("old parameters!", { N: 2048, r: 4, p: 2 });
    expect(hash.startsWith("scrypt$2048$4$2$")).toBe(true);
    expect(await verifyPassword("old parameters!", hash)).toBe(true);
  });

  it("never matches a malformed or tampered hash", async () => {
    const hash = await hashPassword("correct horse battery", fast);
    const parts = hash.split("$");
    const tampered = (index: number, value: string) =>
      parts.map((part, at) => (at === index ? value : part)).join("$");
    for (const bad of [
      "",
      "plain text",
      hash.replace("scrypt", "bcrypt"),
      tampered(1, "1000"), // not a power of two
      tampered(1, String(2 ** 30)), // would need gigabytes
      tampered(2, "0"),
      tampered(4, ""),
      tampered(5, "c2hvcnQ="),
      `${hash}$extra`,
    ]) {
      expect(await verifyPassword("correct horse battery", bad)).toBe(false);
    }
  });
});
