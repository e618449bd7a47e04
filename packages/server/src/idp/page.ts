/**
 * The HTML shell of the identity provider's pages (sign in, expired link, sign out, errors):
 * server-rendered, inline CSS in the spirit of Canonical's Vanilla framework, no external
 * requests (no fonts, scripts or images from elsewhere). No scripts; the inline styles are a
 * constant, which the pages' Content Security Policy allows by its hash
 * (`http/content-security-policies.ts`).
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The pages' only styles, inline: their Content Security Policy allows this text by its hash. */
export const pageStyles = `
*{box-sizing:border-box}
html{font-family:Ubuntu,-apple-system,"Segoe UI",Roboto,Oxygen,Cantarell,"Fira Sans","Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#000;background:#f7f7f7}
body{margin:0}
header{background:#262626;color:#fff;padding:.75rem 1.5rem;font-weight:300;font-size:1.125rem}
main{max-width:26rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #d9d9d9;border-radius:2px}
h1{font-size:1.75rem;font-weight:300;margin:0 0 1.5rem}
p{margin:0 0 1rem}
label{display:block;margin:0 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.4rem .5rem;margin:0 0 1.25rem;border:0;border-bottom:1px solid #666;background:#f5f5f5}
input:focus,button:focus,a:focus{outline:2px solid #2e96ff;outline-offset:1px}
button{font:inherit;padding:.4rem 1rem;border:1px solid transparent;border-radius:2px;cursor:pointer;background:#0e8420;color:#fff}
button:hover{background:#0c6d1a}
button.secondary{background:#fff;color:#000;border-color:#999}
a{color:#06c}
.notification{border:1px solid #d9d9d9;border-left:.25rem solid #c7162b;padding:.75rem 1rem;margin:0 0 1.25rem}
.notification.info{border-left-color:#24598f}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
`;

/** A whole page: a dark header bar, then `body` in a card. `body` must already be escaped. */
export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style>${pageStyles}</style>
</head>
<body>
<header>Anbox Cloud</header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** A page that says one thing and offers a way back to the dashboard. */
export function messagePage(
  title: string,
  message: string,
  link: { href: string; text: string },
): string {
  return renderPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}
