import { dirname, resolve } from "node:path";

/** A module's path and the source it holds. */
export interface SourceFile {
  path: string;
  text: string;
}

// Static imports and re-exports (`import x from "y"`, `export * from "y"`) and dynamic `import("y")`
// whose target is a string literal. Type-only imports count too: a type cycle is still a tangle.
const importPattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** The modules a file imports that are files of this project (relative or workspace imports). */
export function localImports(
  file: SourceFile,
  workspaceEntries: ReadonlyMap<string, string>,
): string[] {
  const targets: string[] = [];
  for (const match of file.text.matchAll(importPattern)) {
    const specifier = match[1] ?? "";
    if (specifier.startsWith(".")) targets.push(resolve(dirname(file.path), specifier));
    const workspaceEntry = workspaceEntries.get(specifier);
    if (workspaceEntry !== undefined) targets.push(workspaceEntry);
  }
  return targets;
}

/**
 * Every import cycle among the given files, each as the list of paths that form it (the first path
 * repeated at the end). Each cycle is reported once, from the first of its files met.
 */
export function findImportCycles(
  files: readonly SourceFile[],
  workspaceEntries: ReadonlyMap<string, string> = new Map(),
): string[][] {
  const known = new Set(files.map((file) => file.path));
  const edges = new Map(
    files.map((file) => [
      file.path,
      localImports(file, workspaceEntries).filter((target) => known.has(target)),
    ]),
  );
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onStack: string[] = [];

  const visit = (path: string): void => {
    const index = onStack.indexOf(path);
    if (index !== -1) {
      cycles.push([...onStack.slice(index), path]);
      return;
    }
    if (done.has(path)) return;
    onStack.push(path);
    for (const target of edges.get(path) ?? []) visit(target);
    onStack.pop();
    done.add(path);
  };

  for (const file of files) visit(file.path);
  return cycles;
}
