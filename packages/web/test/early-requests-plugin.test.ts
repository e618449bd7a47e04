import { describe, expect, it } from "vitest";
import { earlyEntry, earlyRequestsScript } from "../early-requests-plugin.ts";

interface FakeChunk {
  type: "chunk";
  isEntry: boolean;
  name: string;
  fileName: string;
  imports: string[];
}

/** The plugin's index.html hook, called as Vite calls it after a build of these chunks. */
function tagsFor(chunks: FakeChunk[]): unknown {
  const hook = earlyRequestsScript().transformIndexHtml as unknown as {
    handler: (html: string, context: { bundle: Record<string, FakeChunk> }) => unknown;
  };
  return hook.handler("", {
    bundle: Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk])),
  });
}

const app: FakeChunk = {
  type: "chunk",
  isEntry: true,
  name: "index",
  fileName: "assets/index.js",
  imports: ["assets/early.js"],
};

describe("the early-requests script", () => {
  it("goes in the page as an async module of its own", () => {
    const early = { ...app, name: earlyEntry, fileName: "assets/early.js", imports: [] };
    expect(tagsFor([app, early])).toEqual([
      {
        tag: "script",
        attrs: { type: "module", async: true, src: "/assets/early.js" },
        injectTo: "head-prepend",
      },
    ]);
  });

  it("fails the build when it would wait for another chunk", () => {
    const early = {
      ...app,
      name: earlyEntry,
      fileName: "assets/early.js",
      imports: ["assets/shared.js"],
    };
    expect(() => tagsFor([app, early])).toThrow(
      "the early-requests script imports assets/shared.js",
    );
  });
});
