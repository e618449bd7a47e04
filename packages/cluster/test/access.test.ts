// The API over TCP: TLS with client certificates from the trust store (`/1.0/certificates`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";

let cluster: TestCluster;
let keysDir: string;
let clientCert: string;
let clientKey: string;

function makeClientCertificate(name: string): { cert: string; key: string } {
  const certPath = join(keysDir, `${name}.crt`);
  const keyPath = join(keysDir, `${name}.key`);
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${name}`,
      "-keyout",
      keyPath,
      "-out",
      certPath,
    ],
    { stdio: "ignore" },
  );
  return { cert: readFileSync(certPath, "utf8"), key: readFileSync(keyPath, "utf8") };
}

function overTls(
  path: string,
  identity?: { cert: string; key: string },
): Promise<{ status: number; body: { metadata?: { auth?: string }; error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: cluster.running.httpsPort,
        path,
        method: "GET",
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
