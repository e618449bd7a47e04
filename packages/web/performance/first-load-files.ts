/** An entry of Vite's build manifest (dist/.vite/manifest.json), as far as the budget reads it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** Manifest keys of the chunks it imports statically: loaded with it, before it runs. */
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

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
