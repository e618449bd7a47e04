// The registration API (`/api/registration`) against the real routes and a real database: links
// in each state, the form's checks, the account and session it makes, and a raced reuse of a link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema, registrationInfoSchema } from "@anbox-dashboard/contract";
import { createRegistrationToken, registrationLinkId } from "../src/store/registration-tokens.ts";
import { createIdpAccount } from "../src/idp/accounts.ts";
import { findUserByEmail } from "../src/store/users.ts";
import { sessionCookieName } from "../src/auth/session-cookie.ts";
import { sameOrigin, startTestApp, type TestApp } from "./registration-support.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function linkInfo(token: string) {
  const response = await t.app.inject({
    url: `/api/registration?token=${encodeURIComponent(token)}`,
  });
  expect(response.statusCode).toBe(200);
  return registrationInfoSchema.parse(response.json());
}

function register(body: Record<string, unknown>, remoteAddress = "127.0.0.1") {
  return t.app.inject({
    method: "POST",
    url: "/api/registration",
    headers: sameOrigin,
    payload: body,
    remoteAddress,
  });
}

function errorMessage(body: unknown): string {
  return apiErrorSchema.parse(body).message;
}

const goodPassword = "correct horse battery";

describe("GET /api/registration", () => {
  it("calls a made-up or missing token unknown", async () => {
    expect(await linkInfo("nope")).toEqual({
      state: "unknown",
      email: "",
      needsEmail: false,
      isExternalIdp: false,
    });
    const response = await t.app.inject({ url: "/api/registration" });
    expect(response.json()).toMatchObject({ state: "unknown" });
  });

  it("asks for the address when the link was made without one", async () => {
    const { token } = await createRegistrationToken(t.context.db, "");
    expect(await linkInfo(token)).toEqual({
      state: "valid",
      email: "",
      needsEmail: true,
      isExternalIdp: false,
    });
  });

  it("names the address a link was made for", async () => {
    const { token } = await createRegistrationToken(t.context.db, "Grace@Example.com");
    expect(await linkInfo(token)).toMatchObject({
      state: "valid",
      email: "grace@example.com",
      needsEmail: false,
    });
  });

  it("tells an expired link apart", async () => {
    const { token } = await createRegistrationToken(
      t.context.db,
      "",
      60_000,
      new Date(Date.now() - 120_000),
    );
    expect((await linkInfo(token)).state).toBe("expired");
  });
});

describe("POST /api/registration", () => {
  it("refuses each bad field with a message, leaving the link usable", async () => {
    const { token } = await createRegistrationToken(t.context.db, "");
    const response = await register({
      token,
      fullname: " ",
      email: "not-an-address",
      password: "short",
    });
    expect(response.statusCode).toBe(400);
    const message = errorMessage(response.json());
    expect(message).toContain("Enter your full name.");
    expect(message).toContain("Enter an e-mail address like name@example.com.");
    expect(message).toContain("at least 10 characters");
    expect((await linkInfo(token)).state).toBe("valid");
  });

  it("refuses a body that is not a registration", async () => {
    const response = await register({ token: 42 });
    expect(response.statusCode).toBe(400);
  });

  it("registers, signs the person in, and uses the link up", async () => {
    const { token } = await createRegistrationToken(t.context.db, "");
    const response = await register({
      token,
      fullname: "Ada Lovelace",
      email: "Ada@Example.com",
      password: goodPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ next: "/" });

    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(new RegExp(`^${sessionCookieName}=[\\w-]{40,}`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);

    const user = await findUserByEmail(t.context.db, "ada@example.com");
    expect(user).toMatchObject({ fullname: "Ada Lovelace", issuer: `${t.context.publicUrl}/oidc` });
    const account = await t.context.db
      .selectFrom("idp_accounts")
      .selectAll()
      .where("email", "=", "ada@example.com")
      .executeTakeFirstOrThrow();
    expect(user?.subject).toBe(account.id);
    expect(account.password_hash).not.toContain(goodPassword);

    const cookie = setCookie.split(";")[0] ?? "";
    // The new session opens what needs one.
    const clusters = await t.app.inject({ url: "/api/clusters", headers: { cookie } });
    expect(clusters.statusCode).toBe(200);

    expect((await linkInfo(token)).state).toBe("used");
    const again = await register({
      token,
      fullname: "Eve",
      email: "eve@example.com",
      password: goodPassword,
    });
    expect(again.statusCode).toBe(410);
    expect(errorMessage(again.json())).toBe("This registration link has already been used.");

    const audit = await t.context.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "registration")
      .where("outcome", "=", "success")
      .execute();
    expect(audit.map((entry) => entry.actor)).toContain("ada@example.com");
    // It names the link it used (as its issue names it), never the link's token.
    const ada = audit.find((entry) => entry.actor === "ada@example.com");
    expect(ada?.detail).toContain(`with link ${registrationLinkId(token)}`);
    expect(JSON.stringify(audit)).not.toContain(goodPassword);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it("uses the link's own address, whatever the form sends", async () => {
    const { token } = await createRegistrationToken(t.context.db, "linus@example.com");
    const response = await register({
      token,
      fullname: "Linus",
      email: "someone-else@example.com",
      password: goodPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(await findUserByEmail(t.context.db, "linus@example.com")).toBeDefined();
    expect(await findUserByEmail(t.context.db, "someone-else@example.com")).toBeUndefined();
  });

  it("answers 410 for an expired link and 404 for an unknown one", async () => {
    const { token } = await createRegistrationToken(
      t.context.db,
      "",
      60_000,
      new Date(Date.now() - 120_000),
    );
    const body = { fullname: "Late", email: "late@example.com", password: goodPassword };
    const expired = await register({ token, ...body });
    expect(expired.statusCode).toBe(410);
    expect(errorMessage(expired.json())).toMatch(/has expired.*bin\/dashboard register/);
    const unknown = await register({ token: "made-up", ...body });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown.json())).toBe("This registration link is not valid.");
  });

  it("refuses an address that has an account, leaving the link usable", async () => {
    const { token } = await createRegistrationToken(t.context.db, "");
    const response = await register({
      token,
      fullname: "Ada again",
      email: "ada@example.com",
      password: goodPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response.json())).toMatch(/already exists/);
    expect((await linkInfo(token)).state).toBe("valid");
  });

  it("rolls everything back when the identity provider refuses the account", async () => {
    // An orphan provider account (no dashboard user): the provider refuses the duplicate address.
    await createIdpAccount(t.context.db, {
      email: "orphan@example.com",
      fullname: "Orphan",
      password: goodPassword,
    });
    const { token } = await createRegistrationToken(t.context.db, "");
    const response = await register({
      token,
      fullname: "Orphan",
      email: "orphan@example.com",
      password: goodPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response.json())).toMatch(/already exists/);
    expect((await linkInfo(token)).state).toBe("valid");
    expect(await findUserByEmail(t.context.db, "orphan@example.com")).toBeUndefined();
  });

  it("lets only one of two racing submissions of a link win, with nothing half-made", async () => {
    const { token } = await createRegistrationToken(t.context.db, "");
    const responses = await Promise.all(
      ["racer-1@example.com", "racer-2@example.com", "racer-3@example.com"].map((email) =>
        register({ token, fullname: "Racer", email, password: goodPassword }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 410, 410]);
    const racers = await t.context.db
      .selectFrom("users")
      .select("email")
      .where("email", "like", "racer-%")
      .execute();
    expect(racers).toHaveLength(1);
    const accounts = await t.context.db
      .selectFrom("idp_accounts")
      .select("email")
      .where("email", "like", "racer-%")
      .execute();
    expect(accounts).toEqual(racers);
  });
});

describe("failed registrations from one address", () => {
  it("are slowed down: past the limit, the address gets 429", async () => {
    const limited = await startTestApp({}, 3);
    try {
      const post = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/registration",
          headers: sameOrigin,
          payload: {
            token: "guess",
            fullname: "X",
            email: "x@example.com",
            password: goodPassword,
          },
          remoteAddress: "192.0.2.7",
        });
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await post()).statusCode).toBe(404);
      const blocked = await post();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("with an external identity provider", () => {
  it("says so, and leaves registration to the provider's sign-in", async () => {
    const external = await startTestApp({
      OIDC_ISSUER: "http://127.0.0.1:9/unreachable",
      OIDC_CLIENT_ID: "dashboard",
      OIDC_CLIENT_SECRET: "secret",
    });
    try {
      const { token } = await createRegistrationToken(external.context.db, "");
      const info = await external.app.inject({ url: `/api/registration?token=${token}` });
      expect(info.json()).toEqual({
        state: "valid",
        email: "",
        needsEmail: true,
        isExternalIdp: true,
      });
      const response = await external.app.inject({
        method: "POST",
        url: "/api/registration",
        headers: sameOrigin,
        payload: { token, fullname: "Ext", email: "ext@example.com", password: goodPassword },
      });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response.json())).toMatch(/external identity provider/);
    } finally {
      await external.close();
    }
  });
});
