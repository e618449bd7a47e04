import type { HtmlTagDescriptor, Plugin, Rollup } from "vite";
import { appEntryChunk } from "./app-entry-chunk.ts";

/**
 * Preloads the web fonts of `family` that the first stylesheet declares (the faces the shell and
 * the lists draw their text in). Unasked, the browser fetches a font only when a layout first
 * needs it: the first frame is then laid out and painted in a fallback font, and laid out again
 * once the font has come (font-display: swap): the text visibly changes face after every full
 * load, even with the font in the cache, and the second layout costs a nodes page ~35 ms of main
 * thread on these machines. Preloaded, the font is there for the first layout. Measured on the
 * cold load at 10 Mbit/s (bench/cold-load.bench.ts): no later than without.
 */
export function fontPreloads(family: string): Plugin {
  return {
    name: "font-preloads",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return [];
        return firstStylesheetFonts(context.bundle, family).map(
          (href) =>
            ({
              tag: "link",
              // crossorigin: fonts are always fetched in CORS mode; a preload without it is not
              // reused and the font is fetched twice.
              attrs: { rel: "preload", as: "font", type: "font/woff2", crossorigin: true, href },
              injectTo: "head",
            }) satisfies HtmlTagDescriptor,
        );
      },
    },
  };
}

/** The woff2 files of `family`'s faces in the stylesheets the entry (index.html's script) loads. */
export function firstStylesheetFonts(bundle: Rollup.OutputBundle, family: string): string[] {
  const fonts: string[] = [];
  for (const file of appEntryChunk(bundle).viteMetadata?.importedCss ?? []) {
    const asset = bundle[file];
    if (asset?.type !== "asset") continue;
    const css =
      typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
    for (const [, face = ""] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
      const declared = /font-family:\s*(["']?)([^;"'}]+)\1/.exec(face)?.[2]?.trim();
      if (declared?.toLowerCase() !== family.toLowerCase()) continue;
      const woff2 = /url\(\s*["']?([^)"']+\.woff2)["']?\s*\)/.exec(face)?.[1];
      if (woff2 !== undefined) fonts.push(woff2);
    }
  }
  // A renamed family or a package that changed its files must not silently stop the preloads.
  if (fonts.length === 0) {
    throw new Error(`the first stylesheet declares no woff2 face of the font family ${family}`);
  }
  return fonts;
}
