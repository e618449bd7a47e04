import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { ClusterDatabase } from "../store/database.ts";
import { readSetting } from "../settings/read-setting.ts";

export interface OidcSettings {
  issuer: string;
  /** The audience tokens must carry: `oidc.audience`, else `oidc.client_id`. */
  audience: string;
}

/** The OIDC settings from the config keys `oidc.issuer_url`, `oidc.audience`, `oidc.client_id`; undefined when unset. */
export async function readOidcSettings(db: ClusterDatabase): Promise<OidcSettings | undefined> {
  const issuer = await readSetting(db, "oidc.issuer_url");
  const audience =
    (await readSetting(db, "oidc.audience")) || (await readSetting(db, "oidc.client_id"));
  return issuer === "" || audience === "" ? undefined : { issuer, audience };
}

/**
 * Verifies OIDC bearer tokens as AMS does when `oidc.*` is configured: signed by the issuer's keys
 * (found through its discovery document), for our audience, not expired. Keys are cached per issuer
 * and refetched when a token names an unknown key.
 */
export class OidcBearerVerifier {
  private readonly keySets = new Map<string, Promise<JWTVerifyGetKey>>();

  async verify(token: string, settings: OidcSettings): Promise<{ subject: string } | undefined> {
    try {
      const keys = await this.keysFor(settings.issuer);
      const { payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        clockTolerance: 30,
      });
      return { subject: typeof payload.sub === "string" ? payload.sub : "" };
    } catch {
      return undefined;
    }
  }

  private keysFor(issuer: string): Promise<JWTVerifyGetKey> {
    let keys = this.keySets.get(issuer);
    if (!keys) {
      keys = discoverKeys(issuer);
      // A failed discovery is retried on the next token rather than remembered.
      keys.catch(() => this.keySets.delete(issuer));
      this.keySets.set(issuer, keys);
    }
    return keys;
  }
}

async function discoverKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const discoveryUrl = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(discoveryUrl, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok)
    throw new Error(`OIDC discovery at ${discoveryUrl} answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== "string") throw new Error("OIDC discovery has no jwks_uri");
  return createRemoteJWKSet(new URL(document.jwks_uri));
}

/** The token of an `Authorization: Bearer <token>` header, if that is what the header holds. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}
