import { describe, expect, it } from "vitest";
import { instanceNameMessages, validateInstanceName } from "./instance-name.ts";
import { instancesPostSchema } from "../ams/instance.ts";

describe("validateInstanceName (SPEC section 5)", () => {
  it("accepts the empty name (optional) and good names up to 63 characters", () => {
    for (const name of ["", "a", "demo-1", "A".repeat(63), "x-y-z"]) {
      expect(validateInstanceName(name), name).toBeUndefined();
    }
  });

  it("gives the SPEC's message for each broken rule", () => {
    expect(validateInstanceName("a".repeat(64))).toBe(instanceNameMessages.length);
    expect(validateInstanceName("with space")).toBe(instanceNameMessages.characters);
    expect(validateInstanceName("under_score")).toBe(instanceNameMessages.characters);
    expect(validateInstanceName("é")).toBe(instanceNameMessages.characters);
    expect(validateInstanceName("1abc")).toBe(instanceNameMessages.start);
    expect(validateInstanceName("-abc")).toBe(instanceNameMessages.start);
    expect(instanceNameMessages.length).toBe("Instance name must be between 1 and 63 characters");
  });

  it("is what the create body's schema applies to name", () => {
    const result = instancesPostSchema.safeParse({ name: "9lives" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Instance name must start with a letter");
  });
});
