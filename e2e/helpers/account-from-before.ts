import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";

/**
 * Makes an account look as if it used the dashboard before streamable instances: the only kind
 * the "Important update: Streamable instances" modal greets (a new account gets the tour). No
 * command does this, so the test writes the flag in the dashboard's SQLite database, as an
 * account stored before the change has it.
 */
export function markAsAccountFromBefore(dataDir: string, email: string): void {
  const db = new DatabaseSync(join(dataDir, "dashboard.sqlite"));
  try {
    const result = db
      .prepare("UPDATE users SET has_version_update_modal = 1 WHERE email = ?")
      .run(email.toLowerCase());
    if (result.changes !== 1) throw new Error(`no dashboard account for ${email}`);
  } finally {
    db.close();
  }
}
