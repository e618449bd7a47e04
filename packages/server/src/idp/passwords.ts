import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing for the embedded identity provider: scrypt from node:crypto, a random salt per
 * password, and the parameters kept next to the hash (`scrypt$N$r$p$salt$hash`, base64) so they
 * can be raised later without breaking the hashes already stored.
 */

const defaultParameters = { N: 2 ** 15, r: 8, p: 1 };
const saltBytes = 16;
const keyBytes = 32;
// Bounds for parameters read back from the database: a tampered row must not make a sign-in
// attempt allocate gigabytes or spin for minutes.
const maxCost = 2 ** 20;
const maxBlockSize = 32;
const maxParallelism = 16;

function derive(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs about 128·N·r·p bytes; the default ceiling (32 MiB) is too low for N = 2^15.
    const maxmem = 256 * (options.N ?? 1) * (options.r ?? 1) * (options.p ?? 1);
    scrypt(password, salt, length, { ...options, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(
  password: string,
  parameters: { N: number; r: number; p: number } = defaultParameters,
): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, keyBytes, parameters);
  const { N, r, p } = parameters;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  if (N === undefined || r === undefined || p === undefined) return undefined;
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > maxCost) return undefined;
  if (!Number.isInteger(r) || r < 1 || r > maxBlockSize) return undefined;
  if (!Number.isInteger(p) || p < 1 || p > maxParallelism) return undefined;
  if (salt.length === 0 || key.length < 16) return undefined;
  return { N, r, p, salt, key };
}

/** True when `password` matches `stored`; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await derive(password, salt, key.length, { N, r, p });
  return timingSafeEqual(candidate, key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time a real check would, for an address with no account: the answer's timing must
 * not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
