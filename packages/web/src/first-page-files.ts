import { firstPageAt, firstPageFilesId } from "./first-pages.ts";

/**
 * The files of the page at this address that the app would ask for only once it has run (its
 * chunks and styles), as the build wrote them into index.html; none for another page, in the
 * development server (which writes none), or if what is there cannot be read.
 */
export function firstPageFilesOf(pathname: string, page: Document = document): string[] {
  const module = firstPageAt(pathname)?.module;
  const json = page.getElementById(firstPageFilesId)?.textContent;
  if (module === undefined || json === undefined) return [];
  try {
    const files: unknown = (JSON.parse(json) as Record<string, unknown>)[module];
    return Array.isArray(files) ? files.filter((file) => typeof file === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Fetches a file of the page ahead of the app: a script as a module preload (fetched and
 * compiled, run only when the app imports it), a stylesheet as the stylesheet the app's chunk
 * loader would add (it finds it there and adds no second one). Both as that loader asks for
 * them (`crossorigin`), so that its requests are answered by these.
 */
export function preloadPageFile(href: string, page: Document = document): void {
  const link = page.createElement("link");
  link.rel = href.endsWith(".css") ? "stylesheet" : "modulepreload";
  link.crossOrigin = "";
  link.href = href;
  page.head.append(link);
}
