import { z } from "zod";
import {
  checkDuration,
  parseEnumValue,
  parseIntegerValue,
  parseTextValue,
  type ConfigParseResult,
} from "@anbox-dashboard/contract";
import type { AmsConfigValue, ConfigKeyView } from "../../api/config.ts";

/**
 * A key's form: `text` for every editor but the switch, whose value is `on`. Both are always
 * present, so that one form shape serves every type; only the key's own one is checked and sent.
 */
export interface ConfigKeyFormValues {
  text: string;
  on: boolean;
}

/** A value as a person reads it ("true", "30", "spread"); "(empty)" for the empty text. */
export function shownValue(value: AmsConfigValue | undefined): string {
  if (value === undefined) return "unknown";
  const text = String(value);
  return text === "" ? "(empty)" : text;
}

/** The form's values for a key as the cluster has it now. */
export function configKeyFormValues(key: ConfigKeyView): ConfigKeyFormValues {
  return { text: String(key.value), on: key.value === true || key.value === "true" };
}

/** A check's problem ("must be ...") as the field says it: a sentence of its own. */
const sentence = (problem: string) => problem.charAt(0).toUpperCase() + problem.slice(1);

const problemOf = (result: ConfigParseResult<unknown>) => (result.ok ? undefined : result.problem);

/**
 * What is wrong with a key's text, by the cluster's own checks of its type (the contract's): an
 * integer within the key's bounds, one of an enum's values, a duration, a text short enough. The
 * checks a known key adds of its own (a URL, a list of names) are left to the cluster, whose
 * refusal shows at the field.
 */
function textProblem(key: ConfigKeyView, text: string): string | undefined {
  switch (key.type) {
    case "boolean":
      return undefined;
    case "integer":
      if (key.min !== undefined && key.max !== undefined) {
        return problemOf(parseIntegerValue(text, key.min, key.max));
      }
      return /^-?\d+$/.test(text.trim()) ? undefined : "must be a whole number";
    case "enum":
      return key.allowed === undefined ? undefined : problemOf(parseEnumValue(text, key.allowed));
    case "duration":
      return problemOf(parseTextValue(text, checkDuration));
    case "string":
      return problemOf(parseTextValue(text));
  }
}

/** The form's schema for one key: its type decides what the text must be. */
export function configKeyFormSchema(
  key: ConfigKeyView,
): z.ZodType<ConfigKeyFormValues, ConfigKeyFormValues> {
  return z.object({
    text: z.string().superRefine((text, context) => {
      const problem = textProblem(key, text);
      if (problem !== undefined) context.addIssue({ code: "custom", message: sentence(problem) });
    }),
    on: z.boolean(),
  });
}

/** The value a save sends for the form's values (`{name, value}` takes strings, numbers, booleans). */
export function configPatchValue(key: ConfigKeyView, values: ConfigKeyFormValues): AmsConfigValue {
  switch (key.type) {
    case "boolean":
      return values.on;
    case "integer":
      return Number(values.text.trim());
    default:
      return values.text;
  }
}

/**
 * Why "Reset to default" cannot be used now, or undefined when it can: a key without a known
 * default, or one that already has its default value.
 */
export function resetUnavailableReason(key: ConfigKeyView): string | undefined {
  if (key.default === undefined) return "The dashboard does not know this key's default";
  if (String(key.value) === String(key.default)) return "The value already is the default";
  return undefined;
}
