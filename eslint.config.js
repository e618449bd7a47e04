// Lint rules enforced by `make test` (`make lint`): type-aware typescript-eslint, and for the web app
// the React hooks rules, TanStack Query's rules, the accessibility rules of jsx-a11y and "fetch only in
// api/". Import rules (cycles, who may import whom) are dependency-cruiser's: .dependency-cruiser.js.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import pluginQuery from "@tanstack/eslint-plugin-query";
import jsxA11y from "eslint-plugin-jsx-a11y";

/** What the web app's rules are about: its source and tests. */
const webFiles = ["packages/web/**/*.{ts,tsx}"];

/** The plain JavaScript configs at the root, linted without type information. */
const rootJavaScriptConfigs = ["eslint.config.js", ".dependency-cruiser.js"];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".tools/**",
      "data/**",
      ".e2e-data/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: rootJavaScriptConfigs,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: webFiles,
    ...reactHooks.configs.flat.recommended,
  },
  // Query keys that name every input of their queryFn, a stable QueryClient, no rest-destructured
  // query results (they subscribe to every field): the mistakes TanStack Query cannot report itself.
  ...pluginQuery.configs["flat/recommended"].map((config) => ({ ...config, files: webFiles })),
  // Strict: a click handler on a <div>, a tabIndex on a non-interactive element or a role that
  // contradicts its element each shut out keyboard or screen reader users (the e2e axe checks see a
  // page only as a test drives it; these see every component).
  { files: webFiles, ...jsxA11y.flatConfigs.strict },
  {
    files: webFiles,
    rules: {
      // A table laid out as a CSS grid (the lists, for speed) loses its implicit roles in Chrome and
      // Safari, so it states them: role="cell" on a <td> and role="rowgroup" on <thead>/<tbody> are
      // what keeps it a table, not a contradiction or a repetition.
      "jsx-a11y/no-interactive-element-to-noninteractive-role": [
        "error",
        { tr: ["none", "presentation"], td: ["cell"], canvas: ["img"] },
      ],
      "jsx-a11y/no-redundant-roles": [
        "error",
        { nav: ["navigation"], thead: ["rowgroup"], tbody: ["rowgroup"] },
      ],
      // Text that scrolls (a log, a named region such as the list of shortcuts) is focusable so
      // that a keyboard can scroll it (axe: scrollable-region-focusable); other non-interactive
      // elements stay out of the Tab order.
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: ["pre"], roles: ["tabpanel", "region"] },
      ],
    },
  },
  {
    // Server data reaches the web app through one wrapper (api/api-fetch.ts: parameters, the
    // envelope, one ApiError) and one module per resource: a fetch() elsewhere skips all of it.
    // Tests stub fetch() to play the server.
    files: ["packages/web/src/**/*.{ts,tsx}"],
    ignores: ["packages/web/src/api/**", "**/*.test.{ts,tsx}", "**/*.test-support.{ts,tsx}"],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "fetch",
          message: "Call the server through an api/ module (apiFetch), not fetch().",
        },
      ],
      "no-restricted-properties": [
        "error",
        ...["window", "globalThis", "self"].map((object) => ({
          object,
          property: "fetch",
          message: "Call the server through an api/ module (apiFetch), not fetch().",
        })),
      ],
    },
  },
  {
    // An inline notice (an error, a caution, a confirmation) is drawn by one component
    // (components/Notice.tsx, with ErrorNotice and CautionNotice on it): a copy of its markup
    // would drift from it in role, heading and words. Toasts are the notifications' own.
    files: ["packages/web/src/**/*.tsx"],
    ignores: [
      "packages/web/src/components/Notice.tsx",
      "packages/web/src/context/notifications/ToastView.tsx",
      "**/*.test.tsx",
      "**/*.test-support.tsx",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "Literal[value=/p-notification--/]",
          "TemplateElement[value.raw=/p-notification--/]",
        ].map((node) => ({
          selector: `JSXAttribute[name.name='className'] ${node}`,
          message: "Draw a notice with components/Notice.tsx (or ErrorNotice, CautionNotice).",
        })),
      ],
    },
  },
  {
    // Server data is read and written through one query module per resource (queries/): the one
    // place its keys, freshness, toasts and invalidations are declared. A component calling
    // useQuery itself would restate them.
    files: ["packages/web/src/**/*.{ts,tsx}"],
    ignores: ["packages/web/src/queries/**", "**/*.test.{ts,tsx}", "**/*.test-support.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@tanstack/react-query",
              importNames: [
                "useQuery",
                "useQueries",
                "useSuspenseQuery",
                "useInfiniteQuery",
                "useMutation",
              ],
              message: "Read and write server data through a queries/<resource>.ts module.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/web/src/queries/**/*.ts"],
    rules: { "@tanstack/query/prefer-query-options": "error" },
  },
  {
    files: rootJavaScriptConfigs,
    ...tseslint.configs.disableTypeChecked,
  },
);
