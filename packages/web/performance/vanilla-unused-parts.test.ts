// @vitest-environment node
// (The plugin runs in Node, at build time, not in the page.)
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import { compileAsync } from "sass-embedded";
import { describe, expect, it } from "vitest";
import { vanillaSassDeprecations } from "./vanilla-icons-plugin.ts";
import {
  classNamesIn,
  dropUnusedVanillaParts,
  unusedVanillaClasses,
} from "./vanilla-unused-parts.ts";

const sourceDir = fileURLToPath(new URL("../src", import.meta.url));
const nodeModules = fileURLToPath(new URL("../../../node_modules", import.meta.url));

async function dropped(css: string): Promise<string> {
  const result = await postcss([dropUnusedVanillaParts(["p-x__unused"])]).process(css, {
    from: undefined,
  });
  return result.css;
}

/** Every class name a selector of the stylesheet names. */
function classesOf(css: string): Set<string> {
  const classes = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    for (const name of classNamesIn(rule.selector)) classes.add(name);
  });
  return classes;
}

/** The dashboard's stylesheet as Sass writes it, before the build's PostCSS step. */
async function dashboardStylesheet(): Promise<string> {
  const { css } = await compileAsync(`${sourceDir}/sass/styles.scss`, {
    loadPaths: [nodeModules],
    quietDeps: true,
    silenceDeprecations: [...vanillaSassDeprecations],
  });
  return css;
}

describe("dropping Vanilla's unused parts", () => {
  it("drops the selectors that name an unused class and keeps the rest of their rule", async () => {
    const css = await dropped(
      ".p-x__unused, .p-x__used { color: red }\n.p-x__used .p-x__unused:hover { color: blue }",
    );
    expect(css).toContain(".p-x__used { color: red }");
    expect(css).not.toContain("p-x__unused");
    expect(css).not.toContain("blue");
  });

  it("matches whole class names only, and removes a media query left empty", async () => {
    const css = await dropped(
      "@media (min-width: 10px) { @supports (display: grid) { .p-x__unused { color: red } } }\n.p-x__unused-not { color: green }\n.p-x__unused--not { color: teal }",
    );
    expect(css).not.toContain("@media");
    expect(css).not.toContain("@supports");
    expect(css).toContain(".p-x__unused-not { color: green }");
    expect(css).toContain(".p-x__unused--not { color: teal }");
  });

  it("takes from the dashboard's stylesheet only the side navigation's parts on its list", async () => {
    const before = await dashboardStylesheet();
    const after = (await postcss([dropUnusedVanillaParts()]).process(before, { from: undefined }))
      .css;
    const classesBefore = classesOf(before);
    const classesAfter = classesOf(after);
    // The list names Vanilla's classes as they are (a renamed one would silently stay).
    for (const name of unusedVanillaClasses) expect(classesBefore).toContain(name);
    for (const name of unusedVanillaClasses) expect(classesAfter).not.toContain(name);
    // What the dashboard's navigation draws stays.
    for (const name of [
      "p-side-navigation--icons",
      "p-side-navigation__list",
      "p-side-navigation__item",
      "p-side-navigation__link",
      "p-side-navigation__icon",
      "p-side-navigation__label",
    ]) {
      expect(classesAfter).toContain(name);
    }
    // The side navigation's rules (what the list is for): a quarter of them or less are left.
    const sideNavigation = (css: string) =>
      (css.match(/[^{}]*\.p-side-navigation[^{}]*\{[^{}]*\}/g) ?? []).join("").length;
    expect(sideNavigation(after)).toBeLessThan(sideNavigation(before) / 4);
  });

  it("lists no class the dashboard uses", async () => {
    const files = (await readdir(sourceDir, { recursive: true })).filter((file) =>
      /\.(tsx?|scss)$/.test(file),
    );
    const users: string[] = [];
    for (const file of files) {
      const text = await readFile(`${sourceDir}/${file}`, "utf8");
      for (const name of unusedVanillaClasses) {
        if (new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(text)) users.push(`${file}: ${name}`);
      }
    }
    expect(users).toEqual([]);
  });
});
