// A TEST DOUBLE of an external identity provider, for tests and the external-IdP end-to-end test
// only: it signs in its one configured account at once, without a form or a password. It is a
// real OpenID provider otherwise (oidc-provider): authorization code with PKCE required, signed
// ID tokens, discovery, JWKS, userinfo and RP-initiated logout, on 127.0.0.1.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { exportJWK, generateKeyPair } from "jose";

export interface TestOidcAccount {
  sub: string;
  email: string;
  name: string;
  /** The account's groups at the provider, given as the `groups` claim (scope `groups`). */
  groups?: string[];
}

export interface TestOidcProviderOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Who signs in. Tests may change it between sign-ins through `setAccount`. */
  account: TestOidcAccount;
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`, as the provider's metadata names it. */
  issuer: string;
  /** Signs in another account from the next sign-in on. */
  setAccount(account: TestOidcAccount): void;
  stop(): Promise<void>;
}

export async function startTestOidcProvider(
  options: TestOidcProviderOptions,
): Promise<TestOidcProvider> {
  let account = options.account;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    scopes: ["openid", "email", "profile", "groups"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
      groups: ["groups"],
    },
    // Left at oidc-provider's default (true), like many real providers: e-mail and name are in
    // the userinfo response, not in the ID token. The dashboard must cope with that.
    findAccount(_ctx, sub) {
      if (sub !== account.sub) return undefined;
      const current = account;
      return {
        accountId: current.sub,
        claims: () => ({
          sub: current.sub,
          email: current.email,
          email_verified: true,
          name: current.name,
          ...(current.groups === undefined ? {} : { groups: current.groups }),
        }),
      };
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Sent at once (a browser runs the script), so that a dashboard logout lands back on it.
        logoutSource(ctx, form) {
          ctx.type = "html";
          ctx.body = `<!doctype html><title>Signing out</title>${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<button type="submit" form="op.logoutForm">Sign out</button>
<script>document.getElementById("op.logoutForm").submit();</script>`;
        },
      },
    },
  });
  const callback = provider.callback();

  /** The "interaction": whoever asks is the configured account, consenting to every scope. */
  async function signInAtOnce(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: account.sub, clientId });
    grant.addOIDCScope("openid email profile groups");
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/interaction/")) {
      signInAtOnce(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(`test provider interaction failed: ${String(error)}`);
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    setAccount(next) {
      account = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
