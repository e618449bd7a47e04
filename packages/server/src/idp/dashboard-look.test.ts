import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readDashboardLook, unstyledLook } from "./dashboard-look.ts";

const made: string[] = [];

function distWithManifest(manifest: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "dashboard-look-"));
  made.push(dir);
  if (manifest !== undefined) {
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, ".vite", "manifest.json"), manifest);
  }
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("readDashboardLook", () => {
  it("takes the app's stylesheets and its logo from the build's manifest", () => {
    const dir = distWithManifest(
      JSON.stringify({
        "index.html": { file: "assets/index-1.js", css: ["assets/index-1.css"], isEntry: true },
        "src/assets/anbox-logo.svg": { file: "assets/anbox-logo-1.svg", src: "x" },
        "src/pages/nodes/NodesPage.tsx": { file: "assets/NodesPage-1.js", css: ["assets/n.css"] },
      }),
    );
    expect(readDashboardLook(dir)).toEqual({
      look: { stylesheets: ["/assets/index-1.css"], logo: "/assets/anbox-logo-1.svg" },
    });
  });

  it("is plain, and says why, without a build or with a manifest it does not understand", () => {
    for (const manifest of [undefined, "{", JSON.stringify({ "index.html": { css: "x" } })]) {
      const { look, problem } = readDashboardLook(distWithManifest(manifest));
      expect(look).toEqual(unstyledLook);
      expect(problem).toMatch(/manifest\.json/);
    }
  });
});
