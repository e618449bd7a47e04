import { describe, expect, it } from "vitest";
import { firstLoadFiles, type BuildManifest } from "./first-load-files.ts";

const manifest: BuildManifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react"], css: ["a.css"] },
  "src/early-requests.ts": { file: "assets/early.js", isEntry: true, imports: ["_fetch"] },
  _react: { file: "assets/react.js" },
  _fetch: { file: "assets/fetch.js", imports: ["_react"] },
  "src/pages/instances/InstancesPage.tsx": {
    file: "assets/InstancesPage.js",
    imports: ["_table"],
    css: ["instances.css"],
  },
  _table: { file: "assets/table.js", imports: ["_fetch"], css: ["table.css"] },
  "src/pages/nodes/NodesPage.tsx": { file: "assets/NodesPage.js", imports: ["_editor"] },
  _editor: { file: "assets/editor.js" },
};

describe("firstLoadFiles", () => {
  it("takes the entries, the route and what they import however deep, each once, and no other route", () => {
    const files = firstLoadFiles(manifest, "src/pages/instances/InstancesPage.tsx");
    expect(files.scripts.toSorted()).toEqual([
      "assets/InstancesPage.js",
      "assets/early.js",
      "assets/fetch.js",
      "assets/index.js",
      "assets/react.js",
      "assets/table.js",
    ]);
    expect(files.styles.toSorted()).toEqual(["a.css", "instances.css", "table.css"]);
  });

  it("refuses a route the build does not have", () => {
    expect(() => firstLoadFiles(manifest, "src/pages/Gone.tsx")).toThrow(/no chunk/);
  });
});
