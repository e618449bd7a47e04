// The signed-in APIs (session info, onboarding, user events, profile), the CSRF rule, and
// registration through an external provider, against the real dashboard and embedded cluster.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import {
  onboardingProgressResponseSchema,
  profileSchema,
  sessionInfoSchema,
} from "@anbox-dashboard/contract";
import { sessionCookieName } from "../src/auth/session-cookie.ts";
import { createRegistrationToken } from "../src/store/registration-tokens.ts";
import { findUserByEmail } from "../src/store/users.ts";
import { dashboardVersion } from "../src/version.ts";
import { addUser, signIn, type AuthHarness } from "./support/auth-harness.ts";
import { messageOf, startSignedIn } from "./support/signed-in-harness.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;

beforeAll(async () => {
  ({ harness, cookie } = await startSignedIn(ada));
});

afterAll(async () => {
  await harness.stop();
});

function call(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; cookie?: string | null } = {},
): Promise<Response> {
  // A header given as "" is left out (to act as a browser without Fetch Metadata).
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries({ "sec-fetch-site": "same-origin", ...options.headers }).filter(
      ([, value]) => value !== "",
    ),
  );
  const withCookie = options.cookie === undefined ? cookie : options.cookie;
  if (withCookie !== null) headers.cookie = withCookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${harness.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
}

async function errorMessage(response: Response): Promise<string> {
  return messageOf(await response.json());
}

describe("GET /api/info", () => {
  it("describes the user and the first cluster", async () => {
    const response = await call("GET", "/api/info");
    expect(response.status).toBe(200);
    expect(sessionInfoSchema.strict().parse(await response.json())).toEqual({
      user: { fullname: "Ada Lovelace", email: "ada@example.com" },
      applications_enabled: true,
      sessions_enabled: true,
      // The embedded cluster starts with no registry URL, and registry.mode defaults to pull.
      registry_enabled: false,
      registry_automatic: true,
      config_enabled: true,
      dashboard_version: dashboardVersion,
      ams_version: expect.any(String) as string,
      // A new account: the tour greets it, not the update modal (test/first-run.test.ts).
      has_version_update_modal: false,
      ext4_root_volumes_support: false,
    });
  });

  it("takes a clusterId, and names an unknown one in a 400", async () => {
    expect((await call("GET", "/api/info?clusterId=default")).status).toBe(200);
    const response = await call("GET", "/api/info?clusterId=nope");
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toContain('"nope"');
  });

  it("answers 401 without a session", async () => {
    expect((await call("GET", "/api/info", { cookie: null })).status).toBe(401);
  });
});

describe("cross-site requests (CSRF)", () => {
  const path = "/api/onboarding-progress/welcome-modal";

  it("refuses a state-changing call from another site, whatever the session", async () => {
    const cases: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "", origin: "https://evil.example.com" },
      { "sec-fetch-site": "", origin: "null" },
    ];
    for (const headers of cases) {
      const response = await call("PATCH", path, { headers });
      expect(response.status).toBe(403);
      expect(await errorMessage(response)).toBe("Cross-site request refused");
    }
  });

  it("refuses a cross-site form post (Origin of another site, no Fetch Metadata)", async () => {
    const response = await fetch(`${harness.url}/api/user-events`, {
      method: "POST",
      headers: {
        cookie,
        origin: "https://evil.example.com",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "event=a&eventType=b",
    });
    expect(response.status).toBe(403);
  });

  it("lets same-origin calls through, by Fetch Metadata or by Origin", async () => {
    expect((await call("PATCH", path)).status).toBe(200);
    const byOrigin = await fetch(`${harness.url}${path}`, {
      method: "PATCH",
      headers: { cookie, origin: harness.url },
    });
    expect(byOrigin.status).toBe(200);
  });

  it("checks CSRF before the session: a cross-site call is refused even signed out", async () => {
    const response = await call("PATCH", path, {
      cookie: null,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });
});

describe("onboarding progress", () => {
  it("starts at not-started, then keeps what is set", async () => {
    const bob = { sub: `bob-${randomUUID()}`, email: "bob@example.com", name: "Bob" };
    await addUser(harness, bob);
    harness.provider.setAccount(bob);
    let bobCookie: string;
    try {
      const { session } = await signIn(harness);
      bobCookie = `${sessionCookieName}=${session ?? ""}`;
    } finally {
      harness.provider.setAccount(ada);
    }
    const initial = await call("GET", "/api/onboarding-progress", { cookie: bobCookie });
    expect(onboardingProgressResponseSchema.parse(await initial.json())).toEqual({
      onboarding_progress: "not-started",
    });
    const set = await call("PATCH", "/api/onboarding-progress/source-details", {
      cookie: bobCookie,
    });
    expect(set.status).toBe(200);
    const after = await call("GET", "/api/onboarding-progress", { cookie: bobCookie });
    expect(await after.json()).toEqual({ onboarding_progress: "source-details" });
    expect(after.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses an unknown step with a 400 naming the allowed ones", async () => {
    const response = await call("PATCH", "/api/onboarding-progress/finished");
    expect(response.status).toBe(400);
    const message = await errorMessage(response);
    expect(message).toContain('"finished"');
    expect(message).toContain("stream-the-instance");
  });
});

describe("user events", () => {
  it("records an event", async () => {
    const response = await call("POST", "/api/user-events", {
      body: { event: "tour-opened", eventType: "onboarding" },
    });
    expect(response.status).toBe(201);
    const user = await findUserByEmail(harness.db, ada.email);
    const rows = await harness.db
      .selectFrom("user_events")
      .selectAll()
      .where("user_id", "=", user?.id ?? "")
      .execute();
    expect(rows.map((row) => [row.event, row.event_type])).toContainEqual([
      "tour-opened",
      "onboarding",
    ]);
  });

  it("refuses a malformed event with a 400", async () => {
    for (const body of [
      {},
      { event: "x" },
      { event: "", eventType: "y" },
      { event: 1, eventType: "y" },
    ]) {
      const response = await call("POST", "/api/user-events", { body });
      expect(response.status).toBe(400);
    }
  });

  it("closing the update modal stops it showing", async () => {
    // An account from before streamable instances, which the modal is for.
    await harness.db.updateTable("users").set({ has_version_update_modal: 1 }).execute();
    const before = sessionInfoSchema.parse(await (await call("GET", "/api/info")).json());
    expect(before.has_version_update_modal).toBe(true);
    const response = await call("POST", "/api/user-events", {
      body: { event: "streamable-instance-modal-closed", eventType: "version-1.23-update" },
    });
    expect(response.status).toBe(201);
    const info = sessionInfoSchema.parse(await (await call("GET", "/api/info")).json());
    expect(info.has_version_update_modal).toBe(false);
  });
});

describe("the profile API", () => {
  it("lists the user's sessions, marks the current one, and ends the others", async () => {
    const other = await signIn(harness);
    const response = await call("GET", "/api/profile");
    expect(response.status).toBe(200);
    const profile = profileSchema.parse(await response.json());
    expect(profile).toMatchObject({
      fullname: "Ada Lovelace",
      email: "ada@example.com",
      identityProvider: { issuer: harness.provider.issuer, external: true },
    });
    expect(profile.sessions.length).toBeGreaterThanOrEqual(2);
    expect(profile.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(profile)).not.toContain(cookie.split("=")[1]);

    const ended = await call("DELETE", "/api/profile/sessions");
    expect(ended.status).toBe(200);
    const { ended: count } = (await ended.json()) as { ended: number };
    expect(count).toBeGreaterThanOrEqual(1);
    const otherCookie = `${sessionCookieName}=${other.session ?? ""}`;
    expect((await call("GET", "/api/info", { cookie: otherCookie })).status).toBe(401);
    expect((await call("GET", "/api/info")).status).toBe(200);
    const after = profileSchema.parse(await (await call("GET", "/api/profile")).json());
    expect(after.sessions).toHaveLength(1);
    const audit = await harness.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "sessions-ended")
      .execute();
    expect(audit.map((entry) => entry.actor)).toContain("ada@example.com");
  });
});

describe("registration through the external provider", () => {
  it("creates the account from the provider's claims and uses the token up", async () => {
    const carol = { sub: `carol-${randomUUID()}`, email: "Carol@Example.com", name: "Carol" };
    const { token } = await createRegistrationToken(harness.db, "carol@example.com");
    harness.provider.setAccount(carol);
    try {
      const first = await signIn(harness, `next=/&registration=${token}`);
      expect(first.landedOn).toBe("/");
      const info = sessionInfoSchema.parse(
        await (
          await call("GET", "/api/info", { cookie: `${sessionCookieName}=${first.session ?? ""}` })
        ).json(),
      );
      expect(info.user).toEqual({ fullname: "Carol", email: "carol@example.com" });
      const tokenRow = await harness.db.selectFrom("registration_tokens").selectAll().execute();
      expect(tokenRow.some((row) => row.used_at !== "")).toBe(true);

      // The same link again, by someone else: refused before the provider is even asked.
      harness.provider.setAccount({ sub: "dave", email: "dave@example.com", name: "Dave" });
      const reused = await signIn(harness, `next=/&registration=${token}`);
      expect(reused.landedOn).toBe("/login?error=registration-invalid");
      expect(await findUserByEmail(harness.db, "dave@example.com")).toBeUndefined();
    } finally {
      harness.provider.setAccount(ada);
    }
  });

  it("refuses a link made for another e-mail address, leaving the token unused", async () => {
    const { token } = await createRegistrationToken(harness.db, "erin@example.com");
    harness.provider.setAccount({ sub: "mallory", email: "mallory@example.com", name: "M" });
    try {
      const attempt = await signIn(harness, `next=/&registration=${token}`);
      expect(attempt.landedOn).toBe("/login?error=registration-email-mismatch");
      expect(attempt.session).toBeUndefined();
    } finally {
      harness.provider.setAccount(ada);
    }
    expect(await findUserByEmail(harness.db, "mallory@example.com")).toBeUndefined();
    const erin = { sub: "erin", email: "erin@example.com", name: "Erin" };
    harness.provider.setAccount(erin);
    try {
      expect((await signIn(harness, `next=/&registration=${token}`)).landedOn).toBe("/");
    } finally {
      harness.provider.setAccount(ada);
    }
  });

  it("refuses an unknown token", async () => {
    const attempt = await signIn(harness, "next=/&registration=made-up");
    expect(attempt.landedOn).toBe("/login?error=registration-invalid");
  });
});
