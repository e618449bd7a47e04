import { describe, expect, it } from "vitest";
import reactComponentsPackage from "@canonical/react-components/package.json" with { type: "json" };
import * as vendored from "./react-components.ts";

interface PackageManifest {
  main?: string;
  module?: string;
  exports?: unknown;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * The public entry is worth switching to once a bundler gets an ES build from it (`module` or
 * `exports` away from the CommonJS `dist/index.js`) and it no longer requires formik.
 */
function publicEntryUsable(manifest: PackageManifest): boolean {
  const esBuild =
    manifest.exports !== undefined ||
    (manifest.module !== undefined && manifest.module !== manifest.main);
  const needsFormik =
    manifest.peerDependencies?.formik !== undefined &&
    manifest.peerDependenciesMeta?.formik?.optional !== true;
  return esBuild && !needsFormik;
}

describe("the react-components the dashboard uses", () => {
  it("are all there in the paths vendored", () => {
    for (const [name, value] of Object.entries(vendored)) {
      expect(value, name).toBeDefined();
    }
    expect(Object.keys(vendored).length).toBeGreaterThan(0);
  });

  it("come from deep paths only while the public entry is CommonJS needing formik", () => {
    // When this fails: import from "@canonical/react-components" in react-components.ts, build,
    // and compare the JS sizes (`vite build` prints them) before and after.
    expect(publicEntryUsable(reactComponentsPackage as PackageManifest)).toBe(false);
  });
});
