import type { HtmlTagDescriptor, Plugin, Rollup } from "vite";
import { appEntryChunk } from "./app-entry-chunk.ts";
import { firstPagesOfBuild } from "./first-load-files.ts";
import { firstPageFilesId } from "../src/first-pages.ts";

/**
 * Puts src/early-requests.ts in the page as a script of its own, beside the app's: built as an
 * entry apart from index.html's (Vite would merge two scripts of the page into one entry, whose
 * first line runs only once the whole app has loaded), so that it runs as soon as its few KB have.
 * Before it (the parser reaches it first), the files of the `pages` modules (src/first-pages.ts) as
 * JSON, for it to fetch the page's own code too: the app would ask for it only once it has run
 * (~40 ms here, a round trip more on a network). Both go at the end of the head: the charset must
 * stay in the document's first 1024 bytes.
 */
export function earlyRequestsScript(pages: Readonly<Record<string, string>>): Plugin {
  const pageModules = Object.values(pages);
  return {
    name: "early-requests-script",
    // Which module each early page's address loads, beside the build's manifest: the first-load
    // budget and its end-to-end check read the build, not the sources (first-load-files.ts).
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: firstPagesOfBuild,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) {
          const src = "/src/early-requests.ts";
          return [{ tag: "script", attrs: { type: "module", src }, injectTo: "head-prepend" }];
        }
        const chunk = Object.values(context.bundle).find(
          (output) => output.type === "chunk" && output.isEntry && output.name === earlyEntry,
        );
        if (chunk?.type !== "chunk") throw new Error("the build has no early-requests entry");
        // It must import nothing: a chunk it shared with the app would hold it back until the
        // app's chunks arrived (six connections a host). vite.config.ts's codeSplitting gives it
        // a chunk of its own, with all it imports; this fails the build if that ever changes.
        if (chunk.imports.length > 0) {
          throw new Error(
            `the early-requests script imports ${chunk.imports.join(", ")}: it would wait for them before starting the page's first calls (see codeSplitting in vite.config.ts)`,
          );
        }
        const files = JSON.stringify(firstPageFiles(context.bundle, pageModules));
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: firstPageFilesId },
            // File names hold no "<", but a "</script>" must never end the element early.
            children: files.replaceAll("<", "\\u003c"),
            injectTo: "head",
          },
          {
            tag: "script",
            // async: it runs once it has arrived, without waiting for the stylesheet as the
            // app's script does.
            attrs: { type: "module", async: true, src: `/${chunk.fileName}` },
            injectTo: "head",
          },
        ] satisfies HtmlTagDescriptor[];
      },
    },
  };
}

export const earlyEntry = "early-requests";

/**
 * For each page module (as src/first-pages.ts names it), the files the browser needs for it that
 * the first load does not bring: its chunk, the chunks it imports, their styles.
 */
export function firstPageFiles(
  bundle: Rollup.OutputBundle,
  pageModules: readonly string[],
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** A chunk and all it imports, statically, by file name. */
  const closure = (root: Rollup.OutputChunk): Rollup.OutputChunk[] => {
    const found = new Map<string, Rollup.OutputChunk>();
    const visit = (chunk: Rollup.OutputChunk) => {
      if (found.has(chunk.fileName)) return;
      found.set(chunk.fileName, chunk);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    visit(root);
    return [...found.values()];
  };
  const firstLoad = new Set(closure(appEntryChunk(bundle)).map((chunk) => chunk.fileName));
  return Object.fromEntries(
    pageModules.map((module) => {
      const page = chunks.find(
        (chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(`/${module}`),
      );
      if (page === undefined) {
        throw new Error(`${module} (src/first-pages.ts) is not a lazily loaded page of the build`);
      }
      const files = closure(page)
        .filter((chunk) => !firstLoad.has(chunk.fileName))
        .flatMap((chunk) => [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])]);
      return [module, [...new Set(files)].map((file) => `/${file}`)];
    }),
  );
}
