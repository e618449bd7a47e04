import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { firstStylesheetFonts, fontPreloads } from "./font-preloads-plugin.ts";

// The faces as @fontsource writes them, minified as the build leaves them.
const ubuntu = (weight: number) =>
  `@font-face{font-family:Ubuntu;font-style:normal;font-display:swap;font-weight:${String(weight)};src:url(/assets/ubuntu-latin-${String(weight)}-normal-abc.woff2)format("woff2"),url(/assets/ubuntu-latin-${String(weight)}-normal-abc.woff)format("woff")}`;
const mono = `@font-face{font-family:"Ubuntu Mono";font-style:normal;font-weight:400;src:url(/assets/ubuntu-mono-latin-400-normal-abc.woff2)format("woff2")}`;

/** A build's output: the entry, its stylesheet, and a page's stylesheet with a face of its own. */
function bundleWith(firstCss: string): Rollup.OutputBundle {
  const outputs = [
    {
      type: "chunk",
      isEntry: true,
      name: "index",
      fileName: "assets/index.js",
      viteMetadata: { importedCss: new Set(["assets/index.css"]) },
    },
    { type: "asset", fileName: "assets/index.css", source: firstCss },
    {
      type: "asset",
      fileName: "assets/Page.css",
      source: new TextEncoder().encode(ubuntu(700)),
    },
  ];
  return Object.fromEntries(
    outputs.map((output) => [output.fileName, output]),
  ) as unknown as Rollup.OutputBundle;
}

/** The plugin's index.html hook, called as Vite calls it after a build. */
function tagsFor(bundle: Rollup.OutputBundle | undefined): unknown {
  const hook = fontPreloads("Ubuntu").transformIndexHtml as unknown as {
    handler: (html: string, context: { bundle?: Rollup.OutputBundle }) => unknown;
  };
  return hook.handler("", { bundle });
}

describe("the font preloads", () => {
  it("preload the family's woff2 faces of the first stylesheet, in CORS mode", () => {
    const bundle = bundleWith(`body{color:#000}${ubuntu(300)}${ubuntu(400)}${mono}`);
    expect(tagsFor(bundle)).toEqual(
      [300, 400].map((weight) => ({
        tag: "link",
        attrs: {
          rel: "preload",
          as: "font",
          type: "font/woff2",
          crossorigin: true,
          href: `/assets/ubuntu-latin-${String(weight)}-normal-abc.woff2`,
        },
        injectTo: "head",
      })),
    );
  });

  it("leave out another family (Ubuntu Mono) and the faces of a page's own stylesheet", () => {
    const fonts = firstStylesheetFonts(bundleWith(`${mono}${ubuntu(500)}`), "Ubuntu");
    expect(fonts).toEqual(["/assets/ubuntu-latin-500-normal-abc.woff2"]);
  });

  it("fail the build when the first stylesheet has no face of the family", () => {
    expect(() => tagsFor(bundleWith(mono))).toThrow(
      "the first stylesheet declares no woff2 face of the font family Ubuntu",
    );
  });

  it("add nothing to the dev server's page (no build)", () => {
    expect(tagsFor(undefined)).toEqual([]);
  });
});
