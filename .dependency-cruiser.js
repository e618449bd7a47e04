// The architecture's import rules (README, "Architecture" and "Conventions"), checked by `make lint`:
// `depcruise` reads this file. Each rule says why it exists; a violation names the rule and the import.
// Calls (`fetch(`) are not imports: the fetch rule is in eslint.config.js.

/** Every workspace folder: a package imports another only by its name, through its `exports`. */
const workspace = "^(packages/[^/]+|e2e|bench)/";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-import-cycles",
      comment:
        "Modules that import each other cannot be read, tested or moved one at a time, and an " +
        "evaluation-order cycle leaves a value undefined at startup. Type-only imports count too: a " +
        "type cycle is still a tangle.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-never-imports-cluster-source",
      comment:
        "The server talks to every cluster over the AMS REST API, so that the same server drives a " +
        "real AMS; it starts the embedded cluster as a child process by resolving its entry's path, " +
        "never by importing its code. (The cluster's fuzz test helpers in packages/cluster/test are " +
        "test tooling both APIs' fuzz suites share, not the cluster's source.)",
      severity: "error",
      from: { path: "^packages/server/" },
      to: { path: "^packages/cluster/src/" },
    },
    {
      name: "cluster-never-imports-server",
      comment:
        "The cluster stands in for a real AMS and knows nothing of the dashboard; what both need " +
        "lives in packages/contract and packages/http-kit.",
      severity: "error",
      from: { path: "^packages/cluster/" },
      to: { path: "^packages/server/" },
    },
    {
      name: "bench-and-e2e-use-package-entry-points",
      comment:
        "Benchmarks and end-to-end tests drive the product from outside: they reach another " +
        "workspace only through its package name and the entry points its package.json exports, so " +
        "moving a file inside a package breaks no benchmark, and what they use is visible (and kept " +
        "by knip) in that package's exports.",
      severity: "error",
      from: { path: "^(e2e|bench)/" },
      to: { path: workspace, pathNot: "^$1/", dependencyTypes: ["local"] },
    },
    {
      name: "pages-do-not-import-pages",
      comment:
        "A page is one route's screen; what two pages share is a component (components/), a hook or " +
        "a helper (util/), so that changing one page never breaks another. The stream player lives " +
        "in components/stream-player/ for that reason.",
      severity: "error",
      from: { path: "^packages/web/src/pages/([^/]+)/" },
      to: { path: "^packages/web/src/pages/", pathNot: "^packages/web/src/pages/$1/" },
    },
    {
      name: "imports-resolve",
      comment:
        "An import that resolves to nothing fails at runtime, or reaches into a package past its " +
        "`exports`; the rules above cannot judge what they cannot see. (Vanilla's icons as inline " +
        "SVG are made by a plugin of the web app's build, packages/web/performance/vanilla-icons-plugin.ts, " +
        "which fails the build for a name Vanilla lacks.)",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^virtual:vanilla-icon/" },
    },
  ],
  options: {
    // The project's own modules only: npm packages are knip's business, builds are not read.
    exclude: { path: "(^|/)(node_modules|dist)/" },
    // Type-only imports count (see no-import-cycles).
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their package.json `exports`, as Node and Vite resolve them.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default"],
      extensions: [".ts", ".tsx", ".js"],
    },
  },
};
