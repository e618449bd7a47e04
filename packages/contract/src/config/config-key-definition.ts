// How one AMS configuration key is described: its type (which decides its editor), default,
// description, bounds or allowed values, and the check of a value sent for it. The keys
// themselves are listed in config-catalog.ts.
import type { AmsConfigValue } from "../ams/config.ts";
import type { ConfigKeyType } from "../api/config.ts";
import {
  checkDuration,
  parseBooleanValue,
  parseEnumValue,
  parseIntegerValue,
  parseTextValue,
  type ConfigParseResult,
} from "./config-value-checks.ts";

export interface ConfigKeyDefinition<T extends AmsConfigValue> {
  type: ConfigKeyType;
  default: T;
  description: string;
  /** Integer keys: the bounds, inclusive. */
  min?: number;
  max?: number;
  /** Enum keys: the only values accepted. */
  allowed?: readonly string[];
  /** Checks a value sent by a client or read back from storage (strings, or JSON booleans/numbers). */
  parse(input: AmsConfigValue): ConfigParseResult<T>;
}

interface Described<T> {
  default: T;
  description: string;
}

export function booleanKey(spec: Described<boolean>): ConfigKeyDefinition<boolean> {
  return { type: "boolean", ...spec, parse: parseBooleanValue };
}

export function integerKey(
  spec: Described<number> & { min: number; max: number },
): ConfigKeyDefinition<number> {
  const { min, max } = spec;
  return { type: "integer", ...spec, parse: (input) => parseIntegerValue(input, min, max) };
}

export function enumKey<const Values extends readonly [string, ...string[]]>(
  spec: Described<Values[number]> & { allowed: Values },
): ConfigKeyDefinition<Values[number]> {
  const { allowed } = spec;
  return { type: "enum", ...spec, parse: (input) => parseEnumValue(input, allowed) };
}

/**
 * A text key. `check` returns a problem for a value that cannot be right (a URL that is not one);
 * the empty string always means "unset" and is always accepted.
 */
export function stringKey(
  spec: Described<string> & { check?: (value: string) => string | undefined },
): ConfigKeyDefinition<string> {
  const { check, ...described } = spec;
  return { type: "string", ...described, parse: (input) => parseTextValue(input, check) };
}

/** A Go-style duration ("30s", "5m", "1h30m"), kept as its text; "" means "unset", as for text. */
export function durationKey(spec: Described<string>): ConfigKeyDefinition<string> {
  return { type: "duration", ...spec, parse: (input) => parseTextValue(input, checkDuration) };
}
