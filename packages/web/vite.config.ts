import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { compressedCopies } from "./performance/compressed-copies-plugin.ts";
import { earlyEntry, earlyRequestsScript } from "./performance/early-requests-plugin.ts";
import { fontPreloads } from "./performance/font-preloads-plugin.ts";
import { vanillaIcons, vanillaSassDeprecations } from "./performance/vanilla-icons-plugin.ts";
import { dropUnusedVanillaParts } from "./performance/vanilla-unused-parts.ts";
import { firstPages } from "./src/first-pages.ts";

const repositoryNodeModules = fileURLToPath(new URL("../../node_modules", import.meta.url));
// @canonical/react-components' public entry, as its ES module build (see vendor/react-components.ts).
const reactComponentsEsm = fileURLToPath(
  new URL("../../node_modules/@canonical/react-components/dist/esm/index.js", import.meta.url),
);
const devServerTarget = process.env.DASHBOARD_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [
    react(),
    vanillaIcons(),
    earlyRequestsScript(
      Object.fromEntries(Object.entries(firstPages).map(([path, page]) => [path, page.module])),
    ),
    // The text's face (Vanilla's, from @fontsource in main.tsx), not the code editor's Ubuntu Mono.
    fontPreloads("Ubuntu"),
    compressedCopies(),
  ],
  resolve: {
    alias: [{ find: /^@canonical\/react-components$/, replacement: reactComponentsEsm }],
  },
  css: {
    postcss: { plugins: [dropUnusedVanillaParts()] },
    preprocessorOptions: {
      scss: {
        // Vanilla and react-components import "vanilla-framework" by its package name.
        loadPaths: [repositoryNodeModules],
        quietDeps: true,
        silenceDeprecations: [...vanillaSassDeprecations],
      },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks and styles each entry and route needs, for the
    // first-load budget (performance/first-load-budget.ts).
    manifest: true,
    // Every browser the dashboard supports preloads modules itself (Chromium, Firefox 115+,
    // Safari 17+): no polyfill in the first load.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL("index.html", import.meta.url)),
        [earlyEntry]: fileURLToPath(new URL("src/early-requests.ts", import.meta.url)),
      },
      output: {
        // Rolldown's own split gives every module shared by the shell and a lazy page a chunk of
        // its own: /instances took 42 files, and gzip pays for each apart (10 KB more than the same
        // code in one file). A few chunks instead, largest claim first:
        codeSplitting: {
          groups: [
            // The page's first script, with all it imports, alone: it must not wait for the app.
            { name: earlyEntry, test: /src[\\/]early-requests\.ts$/, priority: 3 },
            // Everything the entry imports statically: the shell, React, the router, the queries.
            { name: "index", tags: ["$initial"], priority: 2 },
            // The list pages' shared kit (filters, table, paging), loaded with the first of them.
            // Not the bulk actions' confirmation: only their dialogs, loaded when used, show it.
            {
              name: "list-kit",
              test: /src[\\/]components[\\/](list|table)[\\/](?!selection[\\/]BulkConfirmModal)/,
              priority: 1,
            },
            // What every page shows (its layout, heading, error notice) and the formats most use:
            // small modules, one file rather than five.
            {
              name: "page-kit",
              test: /src[\\/](components[\\/](page-layout[\\/]Page(Layout|Heading)\.tsx|ErrorNotice\.tsx)|util[\\/](dates|bytes)\.ts)$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` serves the SPA with hot reload and passes every path the server answers to a
    // running dashboard: the API, the events and signaling sockets, the embedded identity
    // provider's pages and the sign-out redirect.
    proxy: {
      "/api": devServerTarget,
      "/ams": { target: devServerTarget, ws: true },
      "/gateway": { target: devServerTarget, ws: true },
      "/oidc": devServerTarget,
      "/logout": devServerTarget,
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    // jsdom made once per worker, each file still in a context of its own: creating it for each
    // of ~150 files took 41 % of the suite's time.
    pool: "vmThreads",
    // As every project of the repository's vitest.config.ts: two files at a time on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}", "performance/**/*.test.ts"],
    setupFiles: ["./test/setup.ts"],
  },
});
