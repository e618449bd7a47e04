import { randomUUID } from "node:crypto";
import type { Database } from "../../src/store/database.ts";
import { sessionCookieName } from "../../src/auth/session-cookie.ts";
import { createUser } from "../../src/store/users.ts";
import { createBrowserSession } from "../../src/store/browser-sessions.ts";
import { addGroupMembers } from "../../src/store/group-members.ts";
import { createGroup, replaceGroup } from "../../src/store/authorization-groups.ts";
import type { Grant } from "@anbox-dashboard/contract";

/**
 * A new user with a live browser session, made in the database: the cookie header that carries it.
 * The user is in `groups`: `admin` unless told, as most tests act as an operator.
 */
export async function signInDirectly(
  db: Database,
  groups: readonly string[] = ["admin"],
): Promise<string> {
  const user = await createUser(db, {
    email: `${randomUUID()}@example.com`,
    fullname: "Ada Lovelace",
    issuer: "https://idp.example.com",
    subject: randomUUID(),
  });
  for (const group of groups) await addGroupMembers(db, group, [user.id]);
  const token = await createBrowserSession(
    db,
    { userId: user.id, address: "127.0.0.1", userAgent: "test", idToken: "" },
    { idleMs: 3_600_000, absoluteMs: 7_200_000 },
  );
  return `${sessionCookieName}=${token}`;
}

/** A new user in a new group holding `permissions`, signed in: their session's cookie. */
export async function signInHolding(db: Database, permissions: Grant[]): Promise<string> {
  const group = `g-${randomUUID().slice(0, 8)}`;
  await createGroup(db, group, "");
  await replaceGroup(db, group, { description: "", permissions });
  return signInDirectly(db, [group]);
}
