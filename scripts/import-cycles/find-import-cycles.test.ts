import { describe, expect, it } from "vitest";
import { findImportCycles } from "./find-import-cycles.ts";

describe("findImportCycles", () => {
  it("finds no cycle in a tree of imports", () => {
    const files = [
      { path: "/p/a.ts", text: 'import { b } from "./b.ts";\nimport { c } from "./c.ts";' },
      { path: "/p/b.ts", text: 'import { c } from "./c.ts";' },
      { path: "/p/c.ts", text: "export const c = 1;" },
    ];
    expect(findImportCycles(files)).toEqual([]);
  });

  it("finds a cycle through static, type-only and dynamic imports", () => {
    const files = [
      { path: "/p/a.ts", text: 'import type { B } from "./b.ts";' },
      { path: "/p/b.ts", text: 'export * from "./sub/c.ts";' },
      { path: "/p/sub/c.ts", text: 'const a = () => import("../a.ts");' },
    ];
    expect(findImportCycles(files)).toEqual([["/p/a.ts", "/p/b.ts", "/p/sub/c.ts", "/p/a.ts"]]);
  });

  it("follows imports of a workspace package to its entry file", () => {
    const files = [
      { path: "/w/contract/index.ts", text: 'import "@scope/server";' },
      { path: "/w/server/main.ts", text: 'import { x } from "@scope/contract";' },
    ];
    const entries = new Map([
      ["@scope/contract", "/w/contract/index.ts"],
      ["@scope/server", "/w/server/main.ts"],
    ]);
    expect(findImportCycles(files, entries)).toEqual([
      ["/w/contract/index.ts", "/w/server/main.ts", "/w/contract/index.ts"],
    ]);
  });

  it("ignores imports of outside packages and strings that merely look like imports", () => {
    const files = [
      { path: "/p/a.ts", text: 'import React from "react";\nconst s = "from ./b.ts";' },
      { path: "/p/b.ts", text: 'import "./a.ts";' },
    ];
    expect(findImportCycles(files)).toEqual([]);
  });
});
