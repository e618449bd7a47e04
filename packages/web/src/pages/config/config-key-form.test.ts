import { describe, expect, it } from "vitest";
import type { ConfigKeyView } from "../../api/config.ts";
import {
  configKeyFormSchema,
  configPatchValue,
  resetUnavailableReason,
} from "./config-key-form.ts";

const key = (fields: Partial<ConfigKeyView> & Pick<ConfigKeyView, "type">): ConfigKeyView => ({
  name: "group.key",
  value: "",
  description: "A key",
  known: true,
  ...fields,
});

/** The message the form gives for a text, or undefined when it is accepted. */
function messageFor(configKey: ConfigKeyView, text: string): string | undefined {
  const result = configKeyFormSchema(configKey).safeParse({ text, on: false });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("configKeyFormSchema", () => {
  const duration = key({ type: "duration", value: "5m", default: "5m" });

  it.each(["30s", "5m", "1h30m", "1.5h", "500ms", ""])("accepts the duration %j", (text) => {
    expect(messageFor(duration, text)).toBeUndefined();
  });

  it.each(["soon", "5", "5 m", "-5m", "5d"])("refuses the duration %j, as the cluster", (text) => {
    expect(messageFor(duration, text)).toBe('Must be a duration such as "30s", "5m" or "1h"');
  });

  it("holds an integer to the key's bounds", () => {
    const queue = key({ type: "integer", value: 100, min: 1, max: 1000 });
    expect(messageFor(queue, "1000")).toBeUndefined();
    expect(messageFor(queue, "1001")).toBe("Must be a whole number from 1 to 1000");
    expect(messageFor(queue, "1.5")).toBe("Must be a whole number from 1 to 1000");
    expect(messageFor(key({ type: "integer", value: 3 }), "x")).toBe("Must be a whole number");
  });

  it("holds an enum to its allowed values", () => {
    const strategy = key({ type: "enum", value: "spread", allowed: ["spread", "binpack"] });
    expect(messageFor(strategy, "binpack")).toBeUndefined();
    expect(messageFor(strategy, "random")).toBe('Must be one of "spread", "binpack"');
  });

  it("leaves a text's own checks to the cluster", () => {
    expect(messageFor(key({ type: "string" }), "not a url")).toBeUndefined();
    expect(messageFor(key({ type: "string" }), "x".repeat(4097))).toMatch(/at most 4096/);
  });
});

describe("configPatchValue", () => {
  it("sends a switch as a boolean, an integer as a number, the rest as text", () => {
    expect(configPatchValue(key({ type: "boolean" }), { text: "true", on: false })).toBe(false);
    expect(configPatchValue(key({ type: "integer" }), { text: " 42 ", on: false })).toBe(42);
    expect(configPatchValue(key({ type: "duration" }), { text: "1h", on: true })).toBe("1h");
  });
});

describe("resetUnavailableReason", () => {
  it("says why a reset cannot be done, or nothing when it can", () => {
    expect(resetUnavailableReason(key({ type: "integer", value: 3, default: 3 }))).toBe(
      "The value already is the default",
    );
    expect(resetUnavailableReason(key({ type: "boolean", value: "true", default: true }))).toBe(
      "The value already is the default",
    );
    expect(resetUnavailableReason(key({ type: "string", value: "x" }))).toBe(
      "The dashboard does not know this key's default",
    );
    expect(resetUnavailableReason(key({ type: "integer", value: 4, default: 3 }))).toBeUndefined();
  });
});
