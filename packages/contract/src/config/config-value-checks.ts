// The checks of AMS configuration values, written once: the embedded cluster refuses a value with
// them (`PATCH /1.0/config`), and the dashboard describes its keys from the same catalogue. Each
// check answers the problem as the rest of a sentence ("must be ..."), so that the caller can put
// the key's name in front: "Invalid value for configuration key 'x': must be ...".
import type { AmsConfigValue } from "../ams/config.ts";

/** The outcome of checking a value: the typed value, or why it is refused ("must be ..."). */
export type ConfigParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Text keys take at most this many characters: a value is a setting, not a document. */
const maxTextLength = 4096;

/** A boolean key's value: a JSON boolean, or AMS's "true"/"false". */
export function parseBooleanValue(input: AmsConfigValue): ConfigParseResult<boolean> {
  if (typeof input === "boolean") return { ok: true, value: input };
  if (input === "true") return { ok: true, value: true };
  if (input === "false") return { ok: true, value: false };
  return { ok: false, problem: 'must be true or false (or "true"/"false")' };
}

/** An integer key's value: a whole JSON number or its decimal text, within the bounds (inclusive). */
export function parseIntegerValue(
  input: AmsConfigValue,
  min: number,
  max: number,
): ConfigParseResult<number> {
  const problem = `must be a whole number from ${String(min)} to ${String(max)}`;
  const text = typeof input === "number" ? String(input) : input;
  if (typeof text !== "string" || !/^-?\d+$/.test(text.trim())) return { ok: false, problem };
  const value = Number(text.trim());
  return value < min || value > max ? { ok: false, problem } : { ok: true, value };
}

/** An enum key's value: exactly one of the allowed values. */
export function parseEnumValue<const Value extends string>(
  input: AmsConfigValue,
  allowed: readonly Value[],
): ConfigParseResult<Value> {
  const text = String(input);
  const match = allowed.find((value) => value === text);
  return match === undefined
    ? { ok: false, problem: `must be one of ${allowed.map((v) => `"${v}"`).join(", ")}` }
    : { ok: true, value: match };
}

/**
 * A text key's value (strings and durations): a string of at most 4096 characters that passes the
 * key's `check`. The empty string means "unset" and is always accepted, whatever the check.
 */
export function parseTextValue(
  input: AmsConfigValue,
  check?: (value: string) => string | undefined,
): ConfigParseResult<string> {
  if (typeof input !== "string") return { ok: false, problem: "must be a string" };
  if (input.length > maxTextLength) {
    return { ok: false, problem: `must be at most ${String(maxTextLength)} characters` };
  }
  const problem = input === "" || !check ? undefined : check(input);
  return problem === undefined ? { ok: true, value: input } : { ok: false, problem };
}

/** An http(s) URL. */
export function checkUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:"
      ? undefined
      : "must be an http:// or https:// URL";
  } catch {
    return "must be an http:// or https:// URL";
  }
}

/** An http(s) URL, a file:// URL or an absolute path: the embedded registry is a shared directory. */
export function checkRegistryLocation(value: string): string | undefined {
  if (value.startsWith("/")) return undefined;
  try {
    const url = new URL(value);
    if (["http:", "https:", "file:"].includes(url.protocol)) return undefined;
  } catch {
    // not a URL: refused below
  }
  return "must be an http(s) URL, a file:// URL or an absolute path";
}

/** A Go-style duration as AMS takes them: "30s", "5m", "1h", "1h30m", "1.5h". */
export function checkDuration(value: string): string | undefined {
  return /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)
    ? undefined
    : 'must be a duration such as "30s", "5m" or "1h"';
}

/** A comma-separated list of names, such as instance features ("enable_virgl,foo.bar"). */
export function checkNameList(value: string): string | undefined {
  const items = value.split(",").map((item) => item.trim());
  // Dots are allowed on purpose: AMS once wrongly refused feature flags containing them.
  return items.every((item) => /^[A-Za-z0-9_.=:-]+$/.test(item))
    ? undefined
    : "must be a comma-separated list of names (letters, digits, '_', '.', '-', '=', ':')";
}

/** A SHA-256 certificate fingerprint: 64 hexadecimal characters. */
export function checkFingerprint(value: string): string | undefined {
  return /^[0-9a-fA-F]{64}$/.test(value)
    ? undefined
    : "must be a SHA-256 fingerprint (64 hexadecimal characters)";
}
