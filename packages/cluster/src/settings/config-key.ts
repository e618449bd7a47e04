// How one configuration key (`GET/PATCH /1.0/config`) is typed, checked and defaulted. The keys
// themselves are listed in config-keys.ts.

export type ConfigKeyKind = "boolean" | "integer" | "string" | "enum";

/** The outcome of checking a value: the typed value, or why it is refused ("must be ..."). */
export type ConfigParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface ConfigKeyDefinition<T extends string | number | boolean> {
  kind: ConfigKeyKind;
  default: T;
  description: string;
  /** The only values accepted (enum keys). */
  allowed?: readonly string[];
  /** Checks a value sent by a client or read from the table (strings, or JSON booleans/numbers). */
  parse(input: string | number | boolean): ConfigParseResult<T>;
  /** The value as it is stored in the `config` table (text). */
  serialize(value: T): string;
}

export function booleanKey(spec: {
  default: boolean;
  description: string;
}): ConfigKeyDefinition<boolean> {
  return {
    kind: "boolean",
    ...spec,
    parse: (input) => {
      if (typeof input === "boolean") return { ok: true, value: input };
      if (input === "true") return { ok: true, value: true };
      if (input === "false") return { ok: true, value: false };
      return { ok: false, problem: 'must be true or false (or "true"/"false")' };
    },
    serialize: (value) => String(value),
  };
}

export function integerKey(spec: {
  default: number;
  min: number;
  max: number;
  description: string;
}): ConfigKeyDefinition<number> {
  const { min, max } = spec;
  return {
    kind: "integer",
    default: spec.default,
    description: spec.description,
    parse: (input) => {
      const text = typeof input === "number" ? String(input) : input;
      if (typeof text !== "string" || !/^-?\d+$/.test(text.trim())) {
        return { ok: false, problem: `must be a whole number from ${min} to ${max}` };
      }
      const value = Number(text.trim());
      if (value < min || value > max) {
        return { ok: false, problem: `must be a whole number from ${min} to ${max}` };
      }
      return { ok: true, value };
    },
    serialize: (value) => String(value),
  };
}

export function enumKey<const Values extends readonly [string, ...string[]]>(spec: {
  default: Values[number];
  allowed: Values;
  description: string;
}): ConfigKeyDefinition<Values[number]> {
  const allowed: readonly string[] = spec.allowed;
  return {
    kind: "enum",
    ...spec,
    parse: (input) => {
      const text = String(input);
      const match = spec.allowed.find((value) => value === text);
      return match === undefined
        ? { ok: false, problem: `must be one of ${allowed.map((v) => `"${v}"`).join(", ")}` }
        : { ok: true, value: match };
    },
    serialize: (value) => value,
  };
}

/**
 * A text key. `check` returns a problem for a value that cannot be right (a URL that is not one, a
 * duration without a unit); the empty string always means "unset" and is always accepted.
 */
export function stringKey(spec: {
  default: string;
  description: string;
  check?: (value: string) => string | undefined;
}): ConfigKeyDefinition<string> {
  const { check } = spec;
  return {
    kind: "string",
    default: spec.default,
    description: spec.description,
    parse: (input) => {
      if (typeof input !== "string") return { ok: false, problem: "must be a string" };
      if (input.length > 4096) return { ok: false, problem: "must be at most 4096 characters" };
      const problem = input === "" || !check ? undefined : check(input);
      return problem === undefined ? { ok: true, value: input } : { ok: false, problem };
    },
    serialize: (value) => value,
  };
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

/** A Go-style duration as AMS takes them: "30s", "5m", "1h", "1h30m". */
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
