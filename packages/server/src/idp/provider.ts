import Provider, { type Grant, type KoaContextWithOIDC } from "oidc-provider";
import type { ServerContext } from "../server-context.ts";
import { findIdpAccountById, idpAccountClaims } from "./accounts.ts";
import { payloadAdapterFactory } from "./adapter.ts";
import type { DashboardLook } from "./dashboard-look.ts";
import type { IdpKeys } from "./keys.ts";
import { providerPages } from "./provider-pages.ts";

/** Everything the dashboard's client may ask for, and is given without a consent screen. */
export const idpScopes = ["openid", "email", "profile"] as const;

/**
 * The embedded OpenID provider (oidc-provider), configured for its one client: the dashboard.
 * Its issuer is `${publicUrl}/oidc`; the dashboard's server mounts it there.
 */
export function createIdpProvider(
  context: ServerContext,
  keys: IdpKeys,
  look: DashboardLook,
): Provider {
  const { db, idp } = context;
  const pages = providerPages(`${context.publicUrl}/login`, look);

  const provider = new Provider(idp.issuer, {
    adapter: payloadAdapterFactory(db),
    clients: [
      {
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        client_name: "Anbox Cloud Dashboard",
        redirect_uris: [idp.redirectUri],
        post_logout_redirect_uris: [idp.postLogoutRedirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // The provider accepts client_secret_post too for a client registered with basic.
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    // v9 only implements S256; require it of every client, confidential or not.
    pkce: { required: () => true },
    jwks: { keys: keys.signingKeys },
    cookies: { keys: keys.cookieKeys },
    scopes: [...idpScopes],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The dashboard reads e-mail and name straight from the ID token, without a userinfo call.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await findIdpAccountById(db, sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => idpAccountClaims(account) };
    },
    loadExistingGrant: grantEverythingToTheDashboard(idp.clientId),
    interactions: {
      // Absolute, under the issuer: the interaction cookie's path is derived from it.
      url: (_ctx, interaction) => `${idp.issuer}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
    },
    renderError: pages.renderError,
    // Seconds. The IdP session lasts as long as the dashboard's longest one (7 days by default).
    ttl: {
      Interaction: 30 * 60,
      Session: 7 * 24 * 3600,
      Grant: 7 * 24 * 3600,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
  });

  // The mount code sets X-Forwarded-Proto/Host from the public URL (never from the client), so
  // the provider builds its URLs from the public address and marks cookies Secure over https.
  provider.proxy = true;
  return provider;
}

/**
 * Consent is implicit for the dashboard, the provider's only, first-party client: its grant holds
 * every scope it may ask for. Made here rather than in a consent step, so that a person already
 * signed in to the provider goes straight back to the dashboard.
 */
function grantEverythingToTheDashboard(clientId: string) {
  return async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
    const { client, account, session, result, provider } = ctx.oidc;
    if (!client || !account || client.clientId !== clientId) return undefined;
    const existingId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
    let grant = existingId === undefined ? undefined : await provider.Grant.find(existingId);
    if (grant && grant.accountId !== account.accountId) grant = undefined;
    return ensureDashboardGrant(provider, account.accountId, client.clientId, grant);
  };
}

/**
 * The grant of every scope in `idpScopes` to the dashboard for an account: `existing` completed
 * and saved when it lacks some, else a new one. Used when a sign-in finishes, too.
 */
export async function ensureDashboardGrant(
  provider: Provider,
  accountId: string,
  clientId: string,
  existing?: Grant,
): Promise<Grant> {
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  // A new grant has no scopes yet, so it is saved here too.
  const granted = new Set(grant.getOIDCScope().split(" "));
  if (idpScopes.some((scope) => !granted.has(scope))) {
    grant.addOIDCScope([...idpScopes]);
    await grant.save();
  }
  return grant;
}
