import * as oidc from "openid-client";
import type { IdentityProviderSettings } from "./identity-provider.ts";

/**
 * The dashboard as an OpenID Connect client of its identity provider. The provider's metadata is
 * discovered on first use, not at start-up: the embedded provider is this very server, which is
 * not listening yet while routes are built, and an external one may be down for a while. A failed
 * discovery is forgotten, so that the next sign-in tries again.
 */
export class RelyingParty {
  readonly settings: IdentityProviderSettings;
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(settings: IdentityProviderSettings) {
    this.settings = settings;
  }

  config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const pending = this.discover();
      this.configuration = pending;
      pending.catch(() => {
        if (this.configuration === pending) this.configuration = undefined;
      });
    }
    return this.configuration;
  }

  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const execute: ((config: oidc.Configuration) => void)[] = [
      // Verify the ID token's signature against the provider's published keys, even though it
      // comes straight from the token endpoint.
      oidc.enableNonRepudiationChecks,
    ];
    if (issuer.protocol === "http:") {
      // Plain HTTP only where it cannot be intercepted on the way: the embedded provider (this
      // server) and a provider on the loopback interface.
      if (!this.settings.isExternal || isLoopback(issuer.hostname)) {
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deliberate, see above
        execute.push(oidc.allowInsecureRequests);
      } else {
        return Promise.reject(
          new Error(`The identity provider ${issuer.href} must be reached over https`),
        );
      }
    }
    return oidc.discovery(
      issuer,
      this.settings.clientId,
      { client_secret: this.settings.clientSecret },
      // The default method of OpenID Connect (and of oidc-provider's clients).
      oidc.ClientSecretBasic(this.settings.clientSecret),
      { execute, timeout: 10 },
    );
  }
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "[::1]" ||
    hostname === "::1" ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}
