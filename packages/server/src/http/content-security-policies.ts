import type { IncomingMessage } from "node:http";

/** A directive's value: a source expression, or one worked out per request (helmet calls it). */
export type DirectiveValue = string | ((request: IncomingMessage) => string);

/** Directive name → its sources, as helmet takes them (an empty list: a directive without value). */
export type Directives = Record<string, DirectiveValue[]>;

/**
 * The single-page app's policy, sent with every answer but the identity provider's pages: code
 * and styles from the dashboard only, connections to it only (its API and its websockets), no
 * plugins, no `<base>`, and framed by nobody unless `frameAncestors` says otherwise for a request.
 */
export function dashboardDirectives(publicUrl: URL, frameAncestors: DirectiveValue): Directives {
  const secure = publicUrl.protocol === "https:";
  // The events, exec and signaling websockets are opened at the page's own host
  // (`ws(s)://${location.host}/...`). CSP Level 3 lets 'self' match them, but browsers that
  // predate that rule do not: name the public address's websocket origin too.
  const websocketOrigin = `${secure ? "wss:" : "ws:"}//${publicUrl.host}`;
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    // Narrowed from style-src on purpose: xterm.js 6 (the instance terminal's DOM renderer) writes
    // its theme and cell dimensions into <style> elements it creates, and cannot be given a nonce
    // (xtermjs/xterm.js#4445); without them the terminal's rows and colours are wrong. Linked
    // stylesheets stay limited to the dashboard's own.
    "style-src-elem": ["'self'", "'unsafe-inline'"],
    // xterm.js writes 24-bit colours, and the colours it adjusts for contrast, as `style`
    // attributes of the terminal's cells. Attributes only: no <style> or stylesheet from elsewhere.
    "style-src-attr": ["'unsafe-inline'"],
    // data: for the icons Vanilla's stylesheet carries inline (data:image/svg+xml).
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", websocketOrigin],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": [frameAncestors],
    ...(secure ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/**
 * The embedded identity provider's pages (`/oidc/...`: sign-in form, sign-out, errors): the
 * dashboard's own stylesheet, font and logo (idp/dashboard-look.ts), the icons that stylesheet
 * carries inline (data:), and nothing else; forms sent only to the dashboard, whose address may
 * differ from the one the page was reached at.
 */
export function idpPageDirectives(publicUrl: URL): Directives {
  return {
    "default-src": ["'none'"],
    "style-src": ["'self'"],
    "font-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    // None of our scripts. oidc-provider renders a few pages of its own that submit a form by an
    // inline script (sign-out without a session, form_post) and appends that script's hash here.
    // An empty list spelled 'report-sample', not 'none': beside another source, 'none' is an
    // error that browsers report on the console and ignore.
    "script-src": ["'report-sample'"],
    "form-action": ["'self'", publicUrl.origin],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    ...(publicUrl.protocol === "https:" ? { "upgrade-insecure-requests": [] } : {}),
  };
}
