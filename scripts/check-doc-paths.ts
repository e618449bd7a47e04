// `make lint`: every repository path the documentation names in backticks exists. A path is a
// backticked word with a slash that is neither a URL, an API route (`/api/...`), an npm package
// (`@scope/name`), a path of the data directory (`DATA_DIR/...`, `./data`), one outside the
// repository (`../shared/...`) nor one of what the repository ignores (a build's `dist/`: a fresh
// clone has none yet, see .gitignore); globs (`bench/*.bench.ts`) must match something. The documents name a path from the repository's
// root, or within a package as its architecture section lists them (`api/instances/` of the
// server's `src/`): it is looked for from the root, each package and each package's source
// folders.
import { existsSync, globSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const documents = ["README.md", ...globSync("docs/*.md", { cwd: root }), "bench/RESULTS.md"];
/** The names .gitignore gives of what is made, not committed (`dist`, `node_modules`, ...). */
const ignoredNames = readFileSync(join(root, ".gitignore"), "utf8")
  .split("\n")
  .map((line) => line.trim().replace(/\/$/, ""))
  .filter((line) => line !== "" && !line.startsWith("#") && !/[*/]/.test(line));

const bases = [
  ".",
  "docs",
  ...globSync("packages/*/", { cwd: root }),
  ...globSync("packages/*/src/", { cwd: root }),
  ...globSync("packages/*/src/*/", { cwd: root }),
];

/** A backticked span that names a file or folder of the repository. */
function isRepositoryPath(span: string): boolean {
  return (
    /^[\w.-]+(\/[\w.*@-]*)+$/.test(span) &&
    !span.startsWith("DATA_DIR/") &&
    !span.startsWith("../") &&
    span !== "./data" &&
    !span.split("/").some((segment) => ignoredNames.includes(segment)) &&
    !/^(https?:|[\w-]+\.(com|org|io|net)\/)/.test(span)
  );
}

const missing: string[] = [];
for (const document of documents) {
  const text = readFileSync(join(root, document), "utf8");
  for (const [lineIndex, line] of text.split("\n").entries()) {
    for (const match of line.matchAll(/`([^`\s]+)`/g)) {
      const span = match[1] ?? "";
      if (!isRepositoryPath(span)) continue;
      const found = bases.some((base) => {
        const path = join(base, span);
        return path.includes("*")
          ? globSync(path, { cwd: root }).length > 0
          : existsSync(join(root, path));
      });
      if (!found) missing.push(`${document}:${String(lineIndex + 1)}: \`${span}\` does not exist`);
    }
  }
}
if (missing.length > 0) {
  console.error(`Paths named in the documentation that do not exist:\n${missing.join("\n")}`);
  process.exit(1);
}
console.log(`check-doc-paths: every path named in ${String(documents.length)} documents exists`);
