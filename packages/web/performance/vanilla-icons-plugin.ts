import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { compileStringAsync } from "sass-embedded";
import type { Plugin } from "vite";
import type { InlineIconParts } from "../src/components/icon/inline-icon-parts.ts";

/**
 * `import pods from "virtual:vanilla-icon/pods"`: Vanilla's "pods" icon as the parts of an inline
 * SVG element (`components/icon/InlineIcon.tsx` draws it), in the colour of the text around it.
 *
 * Why: Vanilla draws each icon as a CSS background, an SVG data URL, and Chromium makes every
 * distinct SVG image a document of its own: the navigation's fourteen icons cost ~20 ms of style
 * recalculation on every page load (measured with a trace of /nodes; bench/nodes-page.bench.ts).
 * Drawn inline, they are a few elements of the page.
 *
 * The shapes are Vanilla's, read from the installed package when the app is built: Sass compiles
 * each single-colour icon mixin with a marker colour, which becomes `currentColor`.
 */
export function vanillaIcons(): Plugin {
  let icons: Promise<Map<string, InlineIconParts>> | undefined;
  return {
    name: "vanilla-icons",
    resolveId(id) {
      return id.startsWith(iconModulePrefix) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${iconModulePrefix}`)) return undefined;
      const name = id.slice(iconModulePrefix.length + 1);
      icons ??= compileVanillaIcons();
      const icon = (await icons).get(name);
      if (icon === undefined) {
        throw new Error(
          `Vanilla has no single-colour icon "${name}" (${iconModulePrefix}${name}): see the vf-icon-* mixins in vanilla-framework/scss/_base_icon-definitions.scss`,
        );
      }
      return `export default ${JSON.stringify(icon)};`;
    },
  };
}

export const iconModulePrefix = "virtual:vanilla-icon/";

const vanillaScss = fileURLToPath(
  new URL("../../../node_modules/vanilla-framework/scss", import.meta.url),
);

/**
 * What Vanilla's Sass warns of when compiled with today's Sass (its `@import`s, global functions,
 * colour functions): the app's stylesheets (vite.config.ts) and the icons are compiled alike.
 */
export const vanillaSassDeprecations = [
  "import",
  "global-builtin",
  "color-functions",
  "if-function",
] as const;

/** A colour no Vanilla icon uses: where Sass writes it, the icon takes the text's colour. */
const markerColour = "#010203";

/** Every icon mixin of Vanilla's that takes a single colour, as inline SVG parts, by name. */
export async function compileVanillaIcons(): Promise<Map<string, InlineIconParts>> {
  const definitions = await readFile(`${vanillaScss}/_base_icon-definitions.scss`, "utf8");
  const names = [...definitions.matchAll(/@mixin vf-icon-([a-z0-9-]+)\(\$color\b/g)].map(
    (match) => match[1] ?? "",
  );
  const source = [
    '@import "settings";',
    '@import "base_icon-definitions";',
    ...names.map((name) => `.icon-${name} { @include vf-icon-${name}(${markerColour}); }`),
  ].join("\n");
  const { css } = await compileStringAsync(source, {
    loadPaths: [vanillaScss],
    quietDeps: true,
    silenceDeprecations: [...vanillaSassDeprecations],
  });
  const icons = new Map<string, InlineIconParts>();
  for (const match of css.matchAll(
    /\.icon-([a-z0-9-]+) \{\s*background-image: url\("data:image\/svg\+xml,([^"]*)"\);\s*\}/g,
  )) {
    const [, name, data] = match;
    if (name === undefined || data === undefined) continue;
    const parts = inlineParts(decodeURIComponent(data));
    if (parts !== undefined) icons.set(name, parts);
  }
  return icons;
}

/** The viewBox and body of an SVG document whose marker colour becomes `currentColor`. */
function inlineParts(svg: string): InlineIconParts | undefined {
  const root = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(svg.trim());
  if (root === null) return undefined;
  const [, attributes = "", inner = ""] = root;
  const attribute = (name: string) =>
    new RegExp(`\\b${name}=['"]([^'"]*)['"]`).exec(attributes)?.[1];
  const width = attribute("width");
  const height = attribute("height");
  const viewBox = attribute("viewBox") ?? (width && height ? `0 0 ${width} ${height}` : undefined);
  const marker = new RegExp(markerColour, "gi");
  if (viewBox === undefined || !marker.test(inner)) return undefined;
  return { viewBox, body: inner.replace(marker, "currentColor") };
}
