// Unused files, exports and dependencies, and imports of packages a workspace does not declare:
// `knip`, run by `make lint`. Its plugins find most entry points by themselves (Vite's index.html,
// Vitest's test files, Playwright's config and specs, the ESLint config); the entries below are
// the ones only a person knows: the programs `bin/` starts and the processes started by path.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  // An export its own file uses is that module's surface, not dead code: only exports nobody uses
  // anywhere are reported.
  ignoreExportsUsedInFile: true,
  // System programs (Debian packages, not npm ones): what the cluster and its tests run, and `make`,
  // which package.json's "test" script hands over to.
  ignoreBinaries: ["openssl", "bzip2", "make"],
  // The workspaces come from package.json; only those with entries the plugins cannot see are here.
  workspaces: {
    "packages/cluster": {
      // `bin/gateway-account` runs it. (The archive worker, started by its URL, knip finds itself.)
      entry: ["src/gateway/account-cli.ts"],
    },
    "packages/server": {
      entry: [
        // `bin/dashboard` runs it.
        "src/cli/dashboard.ts",
        // The end-to-end tests' identity provider, started by path from e2e/playwright.config.ts.
        "test/support/run-test-oidc-provider.ts",
      ],
    },
    "packages/web": {
      // `make budget` runs it.
      entry: ["performance/first-load-budget.ts"],
    },
    e2e: {
      // `bin/dashboard` is the product's command line (a shell script), run by path.
      ignoreUnresolved: ["bin/dashboard"],
    },
    bench: {
      // `make bench` runs each, then the summary of their figures.
      entry: ["*.bench.ts", "summary.ts"],
      ignoreUnresolved: ["bin/dashboard"],
    },
  },
};

export default config;
