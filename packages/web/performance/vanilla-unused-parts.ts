import type { AtRule, Plugin, Rule } from "postcss";

/**
 * The parts of Vanilla's side navigation the dashboard does not use: `vf-p-side-navigation` is one
 * mixin, and besides the icon rail the dashboard draws (`--icons`, `__list`, `__item`, `__link`,
 * `__icon`, `__label`: components/navigation/) it writes the accordion, raw-HTML, drawer and
 * toggle variants: 33 KB of the 206 KB stylesheet every page loads first, sent and parsed on every
 * cold load for nothing. Dropped from the build; test/vanilla-unused-parts.test.ts fails if the
 * app starts using one (then take it off this list).
 */
export const unusedVanillaClasses: readonly string[] = [
  "p-side-navigation--accordion",
  "p-side-navigation--raw-html",
  "p-side-navigation__accordion-button",
  "p-side-navigation__drawer",
  "p-side-navigation__drawer-header",
  "p-side-navigation__heading",
  "p-side-navigation__heading--linked",
  "p-side-navigation__item--title",
  "p-side-navigation__overlay",
  "p-side-navigation__status",
  "p-side-navigation__text",
  "p-side-navigation__toggle",
  "p-side-navigation__toggle--in-drawer",
];

/** The class names a selector names, each whole (`.a__b--c` is `a__b--c`, not a prefix of it). */
export function classNamesIn(selector: string): string[] {
  return [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? "");
}

/** Removes an at-rule (a media query, a supports block) left with nothing inside. */
function removeIfEmpty(parent: Rule["parent"]): void {
  let current = parent;
  while (current?.type === "atrule" && (current as AtRule).nodes?.length === 0) {
    const next = current.parent;
    current.remove();
    current = next;
  }
}

/**
 * PostCSS: drops every selector that names one of `classes` from its rule, and a rule left with
 * none. A rule shared with a used part keeps that part's selectors.
 */
export function dropUnusedVanillaParts(classes: readonly string[] = unusedVanillaClasses): Plugin {
  const unused = new Set(classes);
  return {
    postcssPlugin: "drop-unused-vanilla-parts",
    Rule(rule) {
      // Keyframe steps (from, 50%) are not selectors of the page.
      if (rule.parent?.type === "atrule" && (rule.parent as AtRule).name.endsWith("keyframes"))
        return;
      const kept = rule.selectors.filter(
        (selector) => !classNamesIn(selector).some((name) => unused.has(name)),
      );
      if (kept.length === rule.selectors.length) return;
      if (kept.length > 0) {
        rule.selectors = kept;
        return;
      }
      const parent = rule.parent;
      rule.remove();
      removeIfEmpty(parent);
    },
  };
}
