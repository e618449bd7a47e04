// Walking the embedded identity provider's pages as a browser does: following redirects to the
// page that answers, and reading the sign-in form's action and hidden fields.
import type { TestBrowser } from "./test-browser.ts";

/** Follows redirects to the first page that is not one; returns its URL and HTML. */
export async function pageAfter(
  browser: TestBrowser,
  url: string,
): Promise<{ url: string; html: string }> {
  let current = url;
  for (let i = 0; i < 20; i++) {
    const response = await browser.request(current);
    const location = response.headers.get("location");
    if (location === null) return { url: current, html: await response.text() };
    await response.arrayBuffer();
    current = new URL(location, current).href;
  }
  throw new Error(`too many redirects from ${url}`);
}

/** The first form of a page: where it posts, and the values of its fields. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = (/<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? "").replaceAll("&amp;", "&");
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] ?? ""] = match[2] ?? "";
  }
  return { action, fields };
}
