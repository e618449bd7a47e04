import type { KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, messagePage, renderPage } from "./page.ts";

/**
 * The pages oidc-provider renders itself (errors, the sign-out confirmation, "signed out"), in
 * the look of the sign-in page. `loginUrl` is the dashboard's own sign-in page.
 */
export function providerPages(loginUrl: string): {
  renderError: (ctx: KoaContextWithOIDC, out: { error_description?: string }) => void;
  logoutSource: (ctx: KoaContextWithOIDC, form: string) => void;
  postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => void;
} {
  const back = { href: loginUrl, text: "Go to the dashboard sign-in" };
  return {
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = messagePage(
        "Sign-in failed",
        `The sign-in request could not be completed: ${out.error_description ?? "unknown error"}. Go back to the dashboard and sign in again.`,
        back,
      );
    },

    logoutSource(ctx, form) {
      // `form` is the provider's hidden form (action and anti-forgery token); the buttons submit
      // it. The dashboard asks for sign-out with the ID token it was given (`id_token_hint`, which
      // the provider has checked by now): the person has just clicked "Sign out" there, so the
      // form is sent at once rather than asking a second time.
      const fromDashboard = typeof ctx.oidc.params?.id_token_hint === "string";
      const autoSubmit = fromDashboard
        ? `<script>(()=>{const f=document.getElementById("op.logoutForm");const i=document.createElement("input");i.type="hidden";i.name="logout";i.value="yes";f.appendChild(i);f.submit();})();</script>`
        : "";
      ctx.type = "html";
      ctx.body = renderPage(
        "Sign out of Anbox Cloud",
        `<h1>Sign out of Anbox Cloud</h1>
<p>Do you want to sign out of Anbox Cloud on ${escapeHtml(ctx.host)}?</p>
${form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>
${autoSubmit}`,
      );
    },

    postLogoutSuccessSource(ctx) {
      ctx.type = "html";
      ctx.body = messagePage("Signed out", "You have been signed out of Anbox Cloud.", {
        href: loginUrl,
        text: "Sign in again",
      });
    },
  };
}
