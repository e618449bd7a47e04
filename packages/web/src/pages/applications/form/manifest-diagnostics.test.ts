import { describe, expect, it } from "vitest";
import { manifestDiagnostics } from "./manifest-diagnostics.ts";

describe("manifestDiagnostics", () => {
  it("finds nothing wrong with a good manifest", () => {
    expect(manifestDiagnostics("name: app\ninstance-type: a4.3\ntags: [beta]\n")).toEqual([]);
  });

  it("gives a YAML error its line", () => {
    const [error] = manifestDiagnostics("name: app\ntags: [beta\n");
    expect(error?.line).toBeGreaterThanOrEqual(2);
  });

  it("gives the schema's message the line of the value it is about", () => {
    expect(manifestDiagnostics("name: app\n\nversion: 1.5\n")).toEqual([
      expect.objectContaining({ line: 3, message: "version: must be a text" }),
    ]);
    expect(manifestDiagnostics("name: my app\n")).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining("spaces") as string }),
    ]);
  });

  it("points at a key the cluster does not know", () => {
    const [unknown] = manifestDiagnostics("name: app\nwatchdog:\n  sleepy: true\n");
    expect(unknown?.line).toBe(3);
    expect(unknown?.message).toContain("sleepy");
  });
});
