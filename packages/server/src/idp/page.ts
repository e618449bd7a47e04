import type { DashboardLook } from "./dashboard-look.ts";

/**
 * The HTML shell of the identity provider's pages (sign in, expired link, sign out, errors):
 * server-rendered, no scripts, in the dashboard's own look: its stylesheet and logo
 * (`dashboard-look.ts`) and the markup of its login page's card (packages/web's
 * `components/PublicCard.tsx`), so that signing in looks like one product. Nothing inline:
 * the pages' Content Security Policy (`http/content-security-policies.ts`) allows only 'self'.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The `<head>` lines that bring the dashboard's look: its stylesheets and its icon. */
function lookLinks(look: DashboardLook): string {
  const links = look.stylesheets.map(
    (href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`,
  );
  if (look.logo !== undefined) {
    links.push(`<link rel="icon" type="image/svg+xml" href="${escapeHtml(look.logo)}">`);
  }
  return links.join("\n");
}

/** The brand band of the card: the logo (when the build has one) and the product's name. */
function brand(look: DashboardLook): string {
  const logo =
    look.logo === undefined
      ? ""
      : `<img src="${escapeHtml(look.logo)}" alt="" width="32" height="32">`;
  return `<header class="public-card__brand">${logo}<span>Anbox Cloud</span></header>`;
}

/** A whole page: the dashboard's public card with `body` in it. `body` must already be escaped. */
export function renderPage(look: DashboardLook, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
${lookLinks(look)}
</head>
<body>
<main class="public-card" id="main-content">
<div class="p-card public-card__card">
${brand(look)}
<div class="public-card__body">
${body}
</div>
</div>
</main>
</body>
</html>
`;
}

/** The page's heading, as the dashboard's login page writes its own. */
export function pageHeading(title: string): string {
  return `<h1 class="p-heading--3">${escapeHtml(title)}</h1>`;
}

/** A page that says one thing and offers a way back to the dashboard. */
export function messagePage(
  look: DashboardLook,
  title: string,
  message: string,
  link: { href: string; text: string },
): string {
  return renderPage(
    look,
    title,
    `${pageHeading(title)}
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}
