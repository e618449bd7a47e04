import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { startTestCluster, type TestCluster } from "../helpers/test-cluster.ts";
import { dashboardToken, gatewayRequest } from "./gateway-helpers.ts";
import {
  createServiceAccount,
  hashToken,
  revokeServiceAccount,
} from "../../src/gateway/service-accounts.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

describe("the gateway's socket and the dashboard's token", () => {
  it("listens on <dataDir>/gateway.socket, mode 0600", () => {
    const socketPath = join(cluster.dataDir, "gateway.socket");
    expect(cluster.running.gateway.socketPath).toBe(socketPath);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
  });

  it("writes the dashboard account's token to <dataDir>/gateway-token (0600), stored only as a hash", async () => {
    const path = join(cluster.dataDir, "gateway-token");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const token = dashboardToken(cluster);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const account = await cluster.running.context.db
      .selectFrom("gateway_accounts")
      .selectAll()
      .where("name", "=", "dashboard")
      .executeTakeFirstOrThrow();
    expect(account.token_hash).toBe(hashToken(token));
    expect(account.token_hash).not.toContain(token);
    expect(account.revoked).toBe(0);
    expect(account.expires_at).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
  });
});

describe("GET /1.0/status", () => {
  it("answers only the status without a token, and more with one", async () => {
    const open = await gatewayRequest(cluster, "GET", "/1.0/status", { token: null });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      type: "sync",
      status: "success",
      status_code: 200,
      metadata: { status: "healthy" },
    });
    expect(Object.keys(open.body.metadata as object)).toEqual(["status"]);
    const authenticated = await gatewayRequest(cluster, "GET", "/1.0/status");
    expect(authenticated.body.metadata).toEqual({
      status: "healthy",
      agents: 1,
      database_nodes: 1,
    });
  });
});

describe("calls from web pages on other origins (the SDK's own connector)", () => {
  it("answers a preflight without a token, for any route, and lets any origin read answers without credentials", async () => {
    const preflight = await gatewayRequest(cluster, "OPTIONS", "/1.0/sessions/some-id/join", {
      token: null,
      headers: {
        origin: "https://customer.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, POST, PATCH, DELETE",
      "access-control-allow-headers": "Authorization, Content-Type, Accept",
    });
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();

    const listed = await gatewayRequest(cluster, "GET", "/1.0/sessions", {
      headers: { origin: "https://customer.example" },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers["access-control-allow-origin"]).toBe("*");
    // The token is still what lets a call through, whatever the origin.
    const refused = await gatewayRequest(cluster, "GET", "/1.0/sessions", {
      token: null,
      headers: { origin: "https://customer.example" },
    });
    expect(refused.status).toBe(401);
    // An OPTIONS that is no preflight is a request like any other: it needs the token.
    const plain = await gatewayRequest(cluster, "OPTIONS", "/1.0/sessions", { token: null });
    expect(plain.status).toBe(401);
  });
});

describe("service-account tokens", () => {
  const refusal = (response: {
    status: number;
    body: { type: string; status: string; error: string };
  }) => ({
    status: response.status,
    type: response.body.type,
    envelopeStatus: response.body.status,
    error: response.body.error,
  });

  it("refuses a request without a token with 401 and says how to send one", async () => {
    const response = await gatewayRequest(cluster, "GET", "/1.0/sessions", { token: null });
    expect(refusal(response)).toEqual({
      status: 401,
      type: "error",
      envelopeStatus: "failed",
      error:
        "A service account token is required: send Authorization: macaroon root=<token> or ?api_token=<token>",
    });
    expect(response.body.status_code).toBe(401);
  });

  it("refuses an unknown token and a header of another scheme", async () => {
    const bad = await gatewayRequest(cluster, "GET", "/1.0/sessions", { token: "not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe("The token is not known to this gateway");
    const bearer = await gatewayRequest(cluster, "GET", "/1.0/sessions", {
      token: null,
      headers: { authorization: `Bearer ${dashboardToken(cluster)}` },
    });
    expect(bearer.status).toBe(401);
    expect(bearer.body.error).toMatch(/not a gateway token/);
  });

  it("accepts the header in any case of its scheme, and the api_token query", async () => {
    const token = dashboardToken(cluster);
    for (const header of [
      `macaroon root=${token}`,
      `Macaroon root=${token}`,
      `MACAROON root=${token}`,
    ]) {
      const response = await gatewayRequest(cluster, "GET", "/1.0/sessions", {
        token: null,
        headers: { authorization: header },
      });
      expect(response.status).toBe(200);
    }
    const query = await gatewayRequest(cluster, "GET", `/1.0/sessions?api_token=${token}`, {
      token: null,
    });
    expect(query.status).toBe(200);
    expect(query.body).toMatchObject({ type: "sync", status: "success", metadata: [] });
  });

  it("refuses a revoked token, and a new token of the account replaces the old one", async () => {
    const { db } = cluster.running.context;
    const first = await createServiceAccount(db, "ci-bot", 7);
    expect((await gatewayRequest(cluster, "GET", "/1.0/sessions", { token: first })).status).toBe(
      200,
    );
    expect(await revokeServiceAccount(db, "ci-bot")).toBe(true);
    const revoked = await gatewayRequest(cluster, "GET", "/1.0/sessions", { token: first });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBe("The token of service account ci-bot was revoked");

    const second = await createServiceAccount(db, "ci-bot", 7);
    expect((await gatewayRequest(cluster, "GET", "/1.0/sessions", { token: second })).status).toBe(
      200,
    );
    const replaced = await gatewayRequest(cluster, "GET", "/1.0/sessions", { token: first });
    expect(replaced.status).toBe(401);
    expect(await revokeServiceAccount(db, "nobody")).toBe(false);
  });

  it("refuses an expired token, saying when it expired", async () => {
    const { db } = cluster.running.context;
    const token = await createServiceAccount(db, "short-lived", 1);
    await db
      .updateTable("gateway_accounts")
      .set({ expires_at: 1_700_000_000 })
      .where("name", "=", "short-lived")
      .execute();
    const response = await gatewayRequest(cluster, "GET", "/1.0/sessions", { token });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(
      "The token of service account short-lived expired at 2023-11-14T22:13:20.000Z",
    );
  });

  it("refuses bad account names and lifetimes", async () => {
    const { db } = cluster.running.context;
    await expect(createServiceAccount(db, "bad name", 1)).rejects.toThrow(
      /Invalid service account name/,
    );
    await expect(createServiceAccount(db, "fine", 0)).rejects.toThrow(/positive number of days/);
  });

  it("answers an unknown route 401 without a token and 404 in the envelope with one", async () => {
    const anonymous = await gatewayRequest(cluster, "GET", "/1.0/nothing-here", { token: null });
    expect(anonymous.status).toBe(401);
    const known = await gatewayRequest(cluster, "GET", "/1.0/nothing-here");
    expect(known.status).toBe(404);
    expect(known.body).toMatchObject({
      type: "error",
      status: "failed",
      status_code: 404,
      error: "Not found: GET /1.0/nothing-here",
    });
  });

  it("answers malformed JSON with a 400 in the envelope", async () => {
    const response = await gatewayRequest(cluster, "POST", "/1.0/sessions", { raw: "{oops" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "error", status: "failed", status_code: 400 });
    expect(response.body.error).toMatch(/JSON/);
  });
});

describe("after a restart", () => {
  it("keeps the dashboard's token, and issues a new one (revoking the old) when its file is gone", async () => {
    const before = dashboardToken(cluster);
    cluster = await cluster.restart();
    expect(dashboardToken(cluster)).toBe(before);
    expect((await gatewayRequest(cluster, "GET", "/1.0/sessions")).status).toBe(200);

    rmSync(join(cluster.dataDir, "gateway-token"));
    cluster = await cluster.restart();
    const path = join(cluster.dataDir, "gateway-token");
    expect(existsSync(path)).toBe(true);
    const after = readFileSync(path, "utf8").trim();
    expect(after).not.toBe(before);
    expect((await gatewayRequest(cluster, "GET", "/1.0/sessions")).status).toBe(200);
    const old = await gatewayRequest(cluster, "GET", "/1.0/sessions", { token: before });
    expect(old.status).toBe(401);
  });
});
