import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { earlyEntry, earlyRequestsScript, firstPageFiles } from "./early-requests-plugin.ts";

interface FakeChunk {
  type: "chunk";
  isEntry: boolean;
  isDynamicEntry: boolean;
  name: string;
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata: { importedCss: Set<string> };
}

function chunk(fileName: string, fields: Partial<FakeChunk> = {}): FakeChunk {
  return {
    type: "chunk",
    isEntry: false,
    isDynamicEntry: false,
    name: fileName.replace(/^assets\/|\.js$/g, ""),
    fileName,
    facadeModuleId: null,
    imports: [],
    viteMetadata: { importedCss: new Set() },
    ...fields,
  };
}

const bundleOf = (chunks: FakeChunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as Rollup.OutputBundle;

const nodesPage = "src/pages/nodes/NodesPage.tsx";

/** The plugin's index.html hook, called as Vite calls it after a build of these chunks. */
function tagsFor(chunks: FakeChunk[]): unknown {
  const hook = earlyRequestsScript({ "/nodes": nodesPage }).transformIndexHtml as unknown as {
    handler: (html: string, context: { bundle: Rollup.OutputBundle }) => unknown;
  };
  return hook.handler("", { bundle: bundleOf(chunks) });
}

// The first load: the entry and what it imports (the early script among them, as main.tsx
// imports it), the list kit shared with a page.
const app = chunk("assets/index.js", {
  isEntry: true,
  name: "index",
  imports: ["assets/early.js", "assets/react.js"],
});
const react = chunk("assets/react.js");
const listKit = chunk("assets/list-kit.js", {
  imports: ["assets/react.js"],
  viteMetadata: { importedCss: new Set(["assets/list-kit.css"]) },
});
const nodes = chunk("assets/NodesPage.js", {
  isDynamicEntry: true,
  facadeModuleId: `/repo/packages/web/${nodesPage}`,
  imports: ["assets/list-kit.js", "assets/react.js"],
  viteMetadata: { importedCss: new Set(["assets/NodesPage.css"]) },
});
const early = chunk("assets/early.js", { isEntry: true, name: earlyEntry });

describe("the early-requests script", () => {
  it("goes in the page as an async module of its own, after the files of its pages", () => {
    expect(tagsFor([app, react, listKit, nodes, early])).toEqual([
      {
        tag: "script",
        attrs: { type: "application/json", id: "first-page-files" },
        children: JSON.stringify({
          [nodesPage]: [
            "/assets/NodesPage.js",
            "/assets/NodesPage.css",
            "/assets/list-kit.js",
            "/assets/list-kit.css",
          ],
        }),
        injectTo: "head",
      },
      {
        tag: "script",
        attrs: { type: "module", async: true, src: "/assets/early.js" },
        injectTo: "head",
      },
    ]);
  });

  it("fails the build when it would wait for another chunk", () => {
    const waiting = { ...early, imports: ["assets/shared.js"] };
    expect(() => tagsFor([app, react, listKit, nodes, waiting])).toThrow(
      "the early-requests script imports assets/shared.js",
    );
  });
});

describe("a first page's files", () => {
  it("leave out what the first load already brings", () => {
    const appWithListKit = { ...app, imports: [...app.imports, "assets/list-kit.js"] };
    const files = firstPageFiles(bundleOf([appWithListKit, react, listKit, nodes, early]), [
      nodesPage,
    ]);
    expect(files[nodesPage]).toEqual(["/assets/NodesPage.js", "/assets/NodesPage.css"]);
  });

  it("fail the build for a page the router does not load lazily", () => {
    expect(() =>
      firstPageFiles(bundleOf([app, react, nodes]), ["src/pages/images/ImagesPage.tsx"]),
    ).toThrow("src/pages/images/ImagesPage.tsx (src/first-pages.ts) is not a lazily loaded page");
  });
});
