import { describe, expect, it } from "vitest";
import { applicationInterruption, instanceInterruption } from "./interruption-messages.ts";

describe("the tour's interruption messages", () => {
  it("say what happened to the application and which chapter to take again", () => {
    expect(applicationInterruption("deleted").title).toMatch(/deleted/);
    expect(applicationInterruption("error").text).toMatch(/status is error/);
    for (const reason of ["deleted", "error"] as const) {
      expect(applicationInterruption(reason).text).toMatch(/start chapter 1 again/i);
    }
  });
  it("say what happened to the instance and what to do", () => {
    expect(instanceInterruption("deleted").title).toMatch(/deleted/);
    expect(instanceInterruption("deleted").text).toMatch(/start chapter 2 again/i);
    expect(instanceInterruption("error").text).toMatch(/logs/);
    // Stopped is not lost: start it again and carry on.
    expect(instanceInterruption("stopped").title).toMatch(/stopped/);
    expect(instanceInterruption("stopped").text).toMatch(/Start it from its actions/);
    expect(instanceInterruption("stopped").text).toMatch(/continue the tour/);
  });
});
