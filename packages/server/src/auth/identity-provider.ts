import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
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
}

export const embeddedIdpPath = "/oidc";
export const embeddedClientId = "anbox-dashboard";
export const callbackPath = "/api/oidc/callback";

/**
 * The provider's settings: the external one when configured, else the embedded one, whose client
 * secret is made once and kept in the data directory (mode 0600).
 */
export function identityProviderSettings(
  config: ServerConfig,
  publicUrl: string,
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
    };
  }
  return {
    isExternal: false,
    issuer: `${publicUrl}${embeddedIdpPath}`,
    clientId: embeddedClientId,
    clientSecret: embeddedClientSecret(config.dataDir),
    redirectUri,
    postLogoutRedirectUri,
  };
}

function embeddedClientSecret(dataDir: string): string {
  const dir = join(dataDir, "idp");
  const path = join(dir, "client-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
