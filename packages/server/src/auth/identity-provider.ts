import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Database } from "../store/database.ts";
import { sharedSecret } from "../store/shared-secrets.ts";
import type { ServerConfig } from "../config.ts";

/** The OpenID provider the dashboard signs people in with, as its relying party sees it. */
export interface IdentityProviderSettings {
  /** External: configured by OIDC_*; embedded: the product's own provider, mounted at /oidc. */
  isExternal: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back with the authorization code. */
  redirectUri: string;
  /** Where the provider sends the browser after logging out there. */
  postLogoutRedirectUri: string;
  /** The claim naming the person's groups at the provider (external only), if read. */
  groupsClaim?: string | undefined;
  /** The scopes the sign-in asks for. */
  scope: string;
}

export const embeddedIdpPath = "/oidc";
export const embeddedClientId = "anbox-dashboard";
export const callbackPath = "/api/oidc/callback";
const baseScope = "openid email profile";

/**
 * The provider's settings: the external one when configured, else the embedded one, with its
 * client secret (embeddedIdpClientSecret).
 */
export function identityProviderSettings(
  config: ServerConfig,
  publicUrl: string,
  embeddedClientSecret: string,
): IdentityProviderSettings {
  const redirectUri = `${publicUrl}${callbackPath}`;
  const postLogoutRedirectUri = `${publicUrl}/login`;
  if (config.externalIdp) {
    return {
      isExternal: true,
      issuer: config.externalIdp.issuer,
      clientId: config.externalIdp.clientId,
      clientSecret: config.externalIdp.clientSecret,
      redirectUri,
      postLogoutRedirectUri,
      groupsClaim: config.externalIdp.groupsClaim,
      scope: [baseScope, config.externalIdp.groupsScope].filter(Boolean).join(" "),
    };
  }
  return {
    isExternal: false,
    issuer: `${publicUrl}${embeddedIdpPath}`,
    clientId: embeddedClientId,
    clientSecret: embeddedClientSecret,
    redirectUri,
    postLogoutRedirectUri,
    scope: baseScope,
  };
}

/**
 * The dashboard's client secret at its embedded provider: made once and kept in the database,
 * which every dashboard process shares (an older install's `<dataDir>/idp/client-secret` is taken
 * over).
 */
export function embeddedIdpClientSecret(db: Database, dataDir: string): Promise<string> {
  return sharedSecret(db, "idp-client-secret", {
    legacyFile: join(dataDir, "idp", "client-secret"),
    make: () => randomBytes(32).toString("base64url"),
  });
}
