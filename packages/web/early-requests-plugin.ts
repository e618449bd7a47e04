import type { Plugin } from "vite";

/**
 * Puts src/early-requests.ts in the page as a script of its own, ahead of the app: built as an
 * entry apart from index.html's (Vite would merge two scripts of the page into one entry, whose
 * first line runs only once the whole app has loaded), so that it runs as soon as its few KB have.
 */
export function earlyRequestsScript(): Plugin {
  return {
    name: "early-requests-script",
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
        return [
          {
            tag: "script",
            // async: it runs once it has arrived, without waiting for the stylesheet as the
            // app's script does.
            attrs: { type: "module", async: true, src: `/${chunk.fileName}` },
            injectTo: "head-prepend",
          },
        ];
      },
    },
  };
}

export const earlyEntry = "early-requests";
