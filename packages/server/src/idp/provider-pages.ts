import type { KoaContextWithOIDC } from "oidc-provider";
import { endProviderSession, isTheDashboardsLogout } from "./end-session.ts";
import type { DashboardLook } from "./dashboard-look.ts";
import { escapeHtml, messagePage, pageHeading, renderPage } from "./page.ts";

/**
 * The pages oidc-provider renders itself (errors, the sign-out confirmation, "signed out"), in
 * the look of the sign-in page. `loginUrl` is the dashboard's own sign-in page. The dashboard's
 * own "Log out" passes through none of them: it ends the provider's session at once.
 */
export function providerPages(
  loginUrl: string,
  look: DashboardLook,
): {
  renderError: (ctx: KoaContextWithOIDC, out: { error_description?: string }) => void;
  logoutSource: (ctx: KoaContextWithOIDC, form: string) => Promise<void>;
  postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => void;
} {
  const back = { href: loginUrl, text: "Go to the dashboard sign-in" };
  return {
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = messagePage(
        look,
        "Sign-in failed",
        `The sign-in request could not be completed: ${out.error_description ?? "unknown error"}. Go back to the dashboard and sign in again.`,
        back,
      );
    },

    async logoutSource(ctx, form) {
      // The person has just clicked "Log out" in the dashboard: end the session here too, with
      // no second question and no page (nor a script, which a browser may not run).
      if (isTheDashboardsLogout(ctx)) {
        await endProviderSession(ctx);
        return;
      }
      // Anything else (another site's link, no or someone else's ID token) asks first. `form` is
      // the provider's hidden form (action and anti-forgery token); the buttons submit it.
      ctx.type = "html";
      ctx.body = renderPage(
        look,
        "Sign out of Anbox Cloud",
        `${pageHeading("Sign out of Anbox Cloud")}
<p>Do you want to sign out of Anbox Cloud on ${escapeHtml(ctx.host)}?</p>
${form}
<button type="submit" form="op.logoutForm" class="p-button--positive" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="p-button">Stay signed in</button>`,
      );
    },

    postLogoutSuccessSource(ctx) {
      ctx.type = "html";
      ctx.body = messagePage(look, "Signed out", "You have been signed out of Anbox Cloud.", {
        href: loginUrl,
        text: "Sign in again",
      });
    },
  };
}
