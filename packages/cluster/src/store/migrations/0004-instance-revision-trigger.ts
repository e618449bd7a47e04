import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Every change of an instance row moves its revision, whichever code wrote it: the ETag and the
 * serialized-instance cache (instances/instance-json-cache.ts) rely on a changed row never keeping
 * its revision. Writes that already move it are left alone.
 */
export const instanceRevisionTrigger: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`
        CREATE FUNCTION instances_bump_revision() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.revision = OLD.revision THEN
            NEW.revision := OLD.revision + 1;
          END IF;
          RETURN NEW;
        END
        $$`.execute(db);
      await sql`
        CREATE TRIGGER instances_bump_revision BEFORE UPDATE ON instances
        FOR EACH ROW EXECUTE FUNCTION instances_bump_revision()`.execute(db);
      return;
    }
    // SQLite cannot change NEW in a trigger: a second update moves the revision (recursive
    // triggers are off, and the WHEN clause would stop a recursion anyway).
    await sql`
      CREATE TRIGGER instances_bump_revision AFTER UPDATE ON instances
      FOR EACH ROW WHEN NEW.revision = OLD.revision
      BEGIN
        UPDATE instances SET revision = OLD.revision + 1 WHERE id = NEW.id;
      END`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`DROP TRIGGER instances_bump_revision ON instances`.execute(db);
      await sql`DROP FUNCTION instances_bump_revision()`.execute(db);
      return;
    }
    await sql`DROP TRIGGER instances_bump_revision`.execute(db);
  },
};
