// The API over TCP: TLS with client certificates from the trust store (`/1.0/certificates`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { makeSelfSignedCertificate } from "../src/access/server-certificate.ts";

let cluster: TestCluster;
let keysDir: string;
let clientCert: string;
let clientKey: string;

function makeClientCertificate(name: string): { cert: string; key: string } {
  return makeSelfSignedCertificate({
    commonName: name,
    days: 1,
    certPath: join(keysDir, `${name}.crt`),
    keyPath: join(keysDir, `${name}.key`),
  });
}

function overTls(
  path: string,
  identity?: { cert: string; key: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { metadata?: { auth?: string }; error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: cluster.running.httpsPort,
        path,
        method: "GET",
        headers,
        // The cluster's certificate is self-signed: these tests check client authentication.
        rejectUnauthorized: false,
        ...identity,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as never });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  keysDir = mkdtempSync(join(tmpdir(), "cluster-keys-"));
  ({ cert: clientCert, key: clientKey } = makeClientCertificate("dashboard"));
  cluster = await startTestCluster({ httpsAddress: { host: "127.0.0.1", port: 0 } });
});

afterAll(async () => {
  await cluster.destroy();
  rmSync(keysDir, { recursive: true, force: true });
});

describe("the API over TCP", () => {
  it("answers the service status to anyone, saying whether the caller is trusted", async () => {
    const response = await overTls("/1.0");
    expect(response.status).toBe(200);
    expect(response.body.metadata?.auth).toBe("untrusted");
  });

  it("refuses other paths without a trusted client certificate", async () => {
    const anonymous = await overTls("/1.0/operations");
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.error).toMatch(/client certificate/);
    const unknown = await overTls("/1.0/operations", makeClientCertificate("stranger"));
    expect(unknown.status).toBe(403);
  });

  it("lets in a client once its certificate is in the trust store", async () => {
    const added = await cluster.request("POST", "/1.0/certificates", {
      body: { certificate: clientCert, name: "dashboard" },
    });
    expect(added.status).toBe(202);
    expect((await cluster.waitOperation(added.body.operation ?? "")).status).toBe("Success");

    const trusted = await overTls("/1.0/operations", { cert: clientCert, key: clientKey });
    expect(trusted.status).toBe(200);
    const status = await overTls("/1.0", { cert: clientCert, key: clientKey });
    expect(status.body.metadata?.auth).toBe("trusted");

    const again = await cluster.request("POST", "/1.0/certificates", {
      body: { certificate: clientCert },
    });
    expect(again.status).toBe(409);
  });

  it("refuses a certificate that is not one, with a message", async () => {
    const response = await cluster.request("POST", "/1.0/certificates", {
      body: { certificate: "bm90IGEgY2VydGlmaWNhdGU=" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/not a base64 DER or PEM X.509 certificate/);
    const wrongType = await cluster.request("POST", "/1.0/certificates", {
      body: { certificate: 42 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatch(/certificate/);
  });
});

describe("OIDC bearer tokens over TCP", () => {
  let issuerServer: Server;
  let issuer: string;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

  beforeAll(async () => {
    const keys = await generateKeyPair("ES256");
    privateKey = keys.privateKey;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: "test-key", alg: "ES256", use: "sig" };
    // A minimal identity provider: its discovery document and its signing keys.
    issuerServer = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/.well-known/openid-configuration") {
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      } else if (req.url === "/jwks") {
        res.end(JSON.stringify({ keys: [jwk] }));
      } else {
        res.statusCode = 404;
        res.end("{}");
      }
    });
    await new Promise<void>((resolve) => issuerServer.listen(0, "127.0.0.1", resolve));
    const address = issuerServer.address();
    issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    await cluster.running.context.db
      .insertInto("config")
      .values([
        { key: "oidc.issuer_url", value: issuer },
        { key: "oidc.client_id", value: "ams" },
      ])
      .execute();
  });

  afterAll(async () => {
    await new Promise((resolve) => issuerServer.close(resolve));
  });

  const token = (claims: { audience?: string; expiresIn?: string; issuer?: string }) =>
    new SignJWT({ email: "ops@example.com" })
      .setProtectedHeader({ alg: "ES256", kid: "test-key" })
      .setIssuer(claims.issuer ?? issuer)
      .setAudience(claims.audience ?? "ams")
      .setSubject("ops")
      .setIssuedAt()
      .setExpirationTime(claims.expiresIn ?? "5m")
      .sign(privateKey);

  it("accepts a valid token from the configured issuer", async () => {
    const response = await overTls("/1.0/operations", undefined, {
      authorization: `Bearer ${await token({})}`,
    });
    expect(response.status).toBe(200);
  });

  it("refuses a token for another audience, from another issuer, expired, or forged", async () => {
    const refused = [
      await token({ audience: "someone-else" }),
      await token({ issuer: "http://127.0.0.1:1" }),
      await token({ expiresIn: "-10m" }),
      `${(await token({})).slice(0, -4)}AAAA`,
      "not-a-jwt",
    ];
    for (const bad of refused) {
      const response = await overTls("/1.0/operations", undefined, {
        authorization: `Bearer ${bad}`,
      });
      expect(response.status).toBe(403);
    }
  });
});
