import type { Database } from "./database.ts";

export interface SignedInUser {
  id: string;
  email: string;
  fullname: string;
  sessionId: string;
}

/** The user behind a browser session, if the session exists, has not expired and the user is enabled. */
export async function findSessionUser(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<SignedInUser | undefined> {
  const row = await db
    .selectFrom("browser_sessions")
    .innerJoin("users", "users.id", "browser_sessions.user_id")
    .select(["users.id", "users.email", "users.fullname", "browser_sessions.id as sessionId"])
    .where("browser_sessions.id", "=", sessionId)
    .where("browser_sessions.expires_at", ">", now.toISOString())
    .where("users.disabled", "=", 0)
    .executeTakeFirst();
  return row;
}
