import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from "vite";

type OutputBundle = NonNullable<IndexHtmlTransformContext["bundle"]>;

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
        // All it imports, however deep, is asked for with it and before the app's many chunks:
        // found once it has arrived, a chunk would queue behind them (six connections a host).
        const preloads: HtmlTagDescriptor[] = importsOf(chunk.fileName, context.bundle).map(
          (file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", href: `/${file}` },
            injectTo: "head-prepend",
          }),
        );
        return [
          ...preloads,
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

/** The chunks a chunk imports, directly or through others, each once. */
function importsOf(fileName: string, bundle: OutputBundle, seen = new Set<string>()): string[] {
  const output = bundle[fileName];
  if (output?.type !== "chunk") return [];
  for (const imported of output.imports) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    importsOf(imported, bundle, seen);
  }
  return [...seen];
}
