// Fails when the project's TypeScript modules import each other in a cycle (run by `make lint`).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { findImportCycles, type SourceFile } from "./find-import-cycles.ts";

const root = resolve(import.meta.dirname, "../..");
const sourceRoots = ["packages", "e2e", "bench", "scripts"];
const skipped = new Set(["node_modules", "dist"]);

function listSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : listSources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Workspace packages by name, each to the file its main export points at. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const name of readdirSync(join(root, "packages"))) {
    const manifest = JSON.parse(
      readFileSync(join(root, "packages", name, "package.json"), "utf8"),
    ) as {
      name: string;
      exports?: Record<string, string>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const specifier = subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      entries.set(specifier, join(root, "packages", name, target));
    }
  }
  return entries;
}

const files: SourceFile[] = sourceRoots
  .flatMap((sourceRoot) => listSources(join(root, sourceRoot)))
  .map((path) => ({ path, text: readFileSync(path, "utf8") }));
const cycles = findImportCycles(files, workspaceEntries());

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.map((path) => relative(root, path)).join(" -> ")}`);
  }
  process.exit(1);
}
console.log(`No import cycles among ${files.length} modules.`);
