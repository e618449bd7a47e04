import type { Generated } from "kysely";

/** The dashboard's own tables. Timestamps are ISO-8601 UTC text: sortable on both engines. */
export interface DatabaseSchema {
  users: UsersTable;
  browser_sessions: BrowserSessionsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  fullname: string;
  disabled: Generated<number>;
  created_at: string;
}

export interface BrowserSessionsTable {
  /** A random 256-bit value, hex: the cookie carries it. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}
