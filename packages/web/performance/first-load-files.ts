import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** An entry of Vite's build manifest (dist/.vite/manifest.json), as far as the budget reads it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** Manifest keys of the chunks it imports statically: loaded with it, before it runs. */
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * Where the build writes the early pages' modules by address, `{ "/nodes": "src/…tsx" }`
 * (early-requests-plugin.ts), beside its manifest.
 */
export const firstPagesOfBuild = ".vite/first-pages.json";

/** The build's manifest in `dist` (the web app's build directory); an error saying how to get one. */
export function readBuildManifest(dist: string): BuildManifest {
  const path = join(dist, ".vite", "manifest.json");
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`make build\` first.`);
  return JSON.parse(readFileSync(path, "utf8")) as BuildManifest;
}

/** The files a page needs before it can draw: its scripts and its stylesheets. */
export interface FirstLoadFiles {
  scripts: string[];
  styles: string[];
}

/**
 * What the browser fetches before a route's first render: every entry of the page (index.html's
 * script and the early-requests script), the route's lazily loaded module, and all they import
 * statically, however deep, with their stylesheets. Dynamic imports (a code editor, a terminal)
 * are left out: they load when used.
 */
export function firstLoadFiles(manifest: BuildManifest, routeModule: string): FirstLoadFiles {
  if (manifest[routeModule] === undefined) {
    throw new Error(`the build has no chunk for ${routeModule}`);
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  const seen = new Set<string>();
  const pending = [...entries, routeModule];
  while (pending.length > 0) {
    const key = pending.pop() ?? "";
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`the manifest names ${key} but does not hold it`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  const chunks = [...seen].map((key) => manifest[key]).filter((chunk) => chunk !== undefined);
  return {
    scripts: [...new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith(".js")))],
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

/**
 * What the browser fetches before the first render of a page the early-requests script starts
 * (src/first-pages.ts names them; the build writes their modules beside its manifest), in the
 * build in `dist`: `make budget` weighs these files, and the end-to-end tests check that Chromium
 * fetches these and no others before the page's first row (e2e/tests/signed-in-first-load.spec.ts).
 */
export function firstLoadOf(dist: string, pathname: string): FirstLoadFiles & { module: string } {
  const pages = JSON.parse(readFileSync(join(dist, firstPagesOfBuild), "utf8")) as Record<
    string,
    string | undefined
  >;
  const module = Object.hasOwn(pages, pathname) ? pages[pathname] : undefined;
  if (module === undefined) throw new Error(`the build has no early page at ${pathname}`);
  return { module, ...firstLoadFiles(readBuildManifest(dist), module) };
}
