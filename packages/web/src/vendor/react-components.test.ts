import { describe, expect, it } from "vitest";
import reactComponentsPackage from "@canonical/react-components/package.json" with { type: "json" };
import * as vendored from "./react-components.ts";

interface PackageManifest {
  main?: string;
  module?: string;
  exports?: unknown;
}

/** Whether a bundler gets an ES module build from the package's own fields. */
function publicEntryIsEsModules(manifest: PackageManifest): boolean {
  return (
    manifest.exports !== undefined ||
    (manifest.module !== undefined && manifest.module !== manifest.main)
  );
}

describe("the react-components the dashboard uses", () => {
  it("are all there, from the public entry", () => {
    for (const [name, value] of Object.entries(vendored)) {
      expect(value, name).toBeDefined();
    }
    expect(Object.keys(vendored).length).toBeGreaterThan(0);
  });

  it("need the alias to the ES module build while the package names only its CommonJS build", () => {
    // When this fails: remove the alias in vite.config.ts, build, and compare the JS sizes
    // (`vite build` prints them) before and after.
    expect(publicEntryIsEsModules(reactComponentsPackage as PackageManifest)).toBe(false);
  });
});
