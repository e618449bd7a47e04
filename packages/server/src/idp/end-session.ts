import type { KoaContextWithOIDC } from "oidc-provider";

/**
 * Whether a logout request at the provider (`/oidc/session/end`, reached in `logoutSource`, once
 * the provider has verified the ID token hint's signature and audience and the registered
 * post-logout address) is the dashboard's own "Log out", to be carried out without a page:
 * - it carries an ID token hint naming the account signed in here: a token of the dashboard's
 *   session, which the dashboard's /logout hands over (another person's token names someone else);
 * - it is not started by another site: the browser marks a navigation from another site's page
 *   (`Sec-Fetch-Site: cross-site` or `same-site`); the dashboard's /logout refuses those as well,
 *   and its redirect here stays `same-origin`.
 * Anything else gets the confirmation page.
 */
export function isTheDashboardsLogout(ctx: KoaContextWithOIDC): boolean {
  const site = ctx.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return false;
  const hint = ctx.oidc.entities.IdTokenHint;
  const accountId = ctx.oidc.session?.accountId;
  return hint !== undefined && accountId !== undefined && hint.payload.sub === accountId;
}

/**
 * Ends the provider's session as its own confirmation step does when "Sign out" is chosen: the
 * grants the session gave (and the tokens issued under them) revoked, the session destroyed and
 * its cookie cleared; then back to the client's post-logout address (with its `state`), or to the
 * provider's "signed out" page when none was given.
 */
export async function endProviderSession(ctx: KoaContextWithOIDC): Promise<void> {
  const { provider, params } = ctx.oidc;
  const session = ctx.oidc.session;
  if (session === undefined) return;
  const grantIds = Object.values(session.authorizations ?? {}).flatMap(({ grantId }) =>
    grantId === undefined ? [] : [grantId],
  );
  await Promise.all(grantIds.map((grantId) => revokeGrant(ctx, grantId)));
  await session.destroy();
  ctx.cookies.set(provider.cookieName("session"), null, { httpOnly: true, sameSite: "lax" });

  const postLogout = params?.post_logout_redirect_uri;
  const state = params?.state;
  const target = new URL(
    typeof postLogout === "string" ? postLogout : ctx.oidc.urlFor("end_session_success"),
  );
  if (typeof postLogout === "string" && typeof state === "string") {
    target.searchParams.set("state", state);
  }
  provider.emit("end_session.success", ctx);
  ctx.status = 303;
  ctx.redirect(target.href);
}

async function revokeGrant(ctx: KoaContextWithOIDC, grantId: string): Promise<void> {
  const { provider } = ctx.oidc;
  await Promise.all([
    provider.AccessToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
  ]);
  const grant = await provider.Grant.find(grantId);
  await grant?.destroy();
  provider.emit("grant.revoked", ctx, grantId);
}
