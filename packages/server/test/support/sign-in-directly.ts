import { randomUUID } from "node:crypto";
import type { Database } from "../../src/store/database.ts";
import { sessionCookieName } from "../../src/auth/session-cookie.ts";
import { createUser } from "../../src/store/users.ts";
import { createBrowserSession } from "../../src/store/browser-sessions.ts";

/** A new user with a live browser session, made in the database: the cookie header that carries it. */
export async function signInDirectly(db: Database): Promise<string> {
  const user = await createUser(db, {
    email: `${randomUUID()}@example.com`,
    fullname: "Ada Lovelace",
    issuer: "https://idp.example.com",
    subject: randomUUID(),
  });
  const token = await createBrowserSession(
    db,
    { userId: user.id, address: "127.0.0.1", userAgent: "test", idToken: "" },
    { idleMs: 3_600_000, absoluteMs: 7_200_000 },
  );
  return `${sessionCookieName}=${token}`;
}
