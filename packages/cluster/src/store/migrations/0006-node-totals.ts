import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * What the instances on each node hold, kept by triggers on `instances` instead of summed over
 * them on every read (100,000 instances made every nodes page and every placement scan them all).
 * Whichever code writes an instance (placement, start, stop, resize, delete, a forced node
 * removal), its row's share moves in the same transaction.
 *
 * Keyed by node name, not tied to the `nodes` row: the instances left `error` on a node removed
 * with force still hold their disk under that name, and a node added again by that name finds
 * them, as a sum over the instances would.
 *
 * The shares: CPU, memory, GPU and VPU slots while the instance's status holds compute (see
 * `statusesHoldingCompute` in nodes/node-load.ts, copied here because a migration is frozen once
 * shipped); disk and the instance count until it is deleted.
 */
const holdingCompute = sql.raw(`('created', 'prepared', 'started', 'running', 'unknown')`);

function share(row: string): Record<string, RawBuilder<unknown>> {
  const r = sql.raw(row);
  return {
    cpus: sql`CASE WHEN ${r}.status IN ${holdingCompute} THEN ${r}.cpus ELSE 0 END`,
    memory: sql`CASE WHEN ${r}.status IN ${holdingCompute} THEN ${r}.memory ELSE 0 END`,
    gpu_slots: sql`CASE WHEN ${r}.status IN ${holdingCompute} THEN ${r}.gpu_slots ELSE 0 END`,
    vpu_slots: sql`CASE WHEN ${r}.status IN ${holdingCompute} THEN ${r}.vpu_slots ELSE 0 END`,
    disk_size: sql`CASE WHEN ${r}.status <> 'deleted' THEN ${r}.disk_size ELSE 0 END`,
    instances: sql`CASE WHEN ${r}.status <> 'deleted' THEN 1 ELSE 0 END`,
  };
}

const columns = ["cpus", "memory", "gpu_slots", "vpu_slots", "disk_size", "instances"] as const;

/**
 * Adds NEW's share to its node's totals (a row for the node when it has none yet). `SELECT ...
 * WHERE` rather than `VALUES`: an instance not placed yet (node '') holds nothing anywhere, and
 * SQLite needs the WHERE to read `ON CONFLICT` as the upsert's.
 */
function addNew(): RawBuilder<unknown> {
  const values = share("NEW");
  return sql`
    INSERT INTO node_totals (node, ${sql.raw(columns.join(", "))})
    SELECT NEW.node, ${sql.join(columns.map((column) => values[column]))}
    WHERE NEW.node <> ''
    ON CONFLICT (node) DO UPDATE SET ${sql.join(
      columns.map((column) => sql.raw(`${column} = node_totals.${column} + excluded.${column}`)),
    )}`;
}

/** Takes OLD's share from its node's totals. */
function removeOld(): RawBuilder<unknown> {
  const values = share("OLD");
  return sql`
    UPDATE node_totals SET ${sql.join(
      columns.map((column) => sql`${sql.raw(column)} = ${sql.raw(column)} - ${values[column]}`),
    )}
    WHERE node = OLD.node`;
}

/** The columns whose change can move a share. */
const sharedColumns = ["node", "status", "cpus", "memory", "gpu_slots", "vpu_slots", "disk_size"];

export const nodeTotals: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("node_totals")
      .addColumn("node", "text", (c) => c.primaryKey())
      .addColumn("cpus", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("memory", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("gpu_slots", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("vpu_slots", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("disk_size", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("instances", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();

    // What the instances already there hold.
    const values = share("existing");
    await sql`
      INSERT INTO node_totals (node, ${sql.raw(columns.join(", "))})
      SELECT existing.node, ${sql.join(columns.map((column) => sql`SUM(${values[column]})`))}
      FROM instances AS existing WHERE existing.node <> '' GROUP BY existing.node`.execute(db);

    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // The columns are NOT NULL: SQLite's `IS NOT` and PostgreSQL's `<>` say the same here.
    const differs = postgres ? "<>" : "IS NOT";
    const changed = sql.raw(
      sharedColumns.map((column) => `OLD.${column} ${differs} NEW.${column}`).join(" OR "),
    );
    if (postgres) {
      await sql`
        CREATE FUNCTION instances_keep_node_totals() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          -- Nested: OLD has no fields on INSERT, NEW none on DELETE.
          IF TG_OP = 'UPDATE' THEN
            IF NOT (${changed}) THEN RETURN NULL; END IF;
          END IF;
          IF TG_OP <> 'INSERT' THEN ${removeOld()}; END IF;
          IF TG_OP <> 'DELETE' THEN ${addNew()}; END IF;
          RETURN NULL;
        END
        $$`.execute(db);
      await sql`
        CREATE TRIGGER instances_keep_node_totals AFTER INSERT OR UPDATE OR DELETE ON instances
        FOR EACH ROW EXECUTE FUNCTION instances_keep_node_totals()`.execute(db);
      return;
    }
    // SQLite: one trigger per event. The revision trigger's own update (revision only) does not
    // pass the WHEN clause of the update trigger.
    await sql`
      CREATE TRIGGER instances_node_totals_insert AFTER INSERT ON instances
      FOR EACH ROW BEGIN ${addNew()}; END`.execute(db);
    await sql`
      CREATE TRIGGER instances_node_totals_delete AFTER DELETE ON instances
      FOR EACH ROW WHEN OLD.node <> ''
      BEGIN ${removeOld()}; END`.execute(db);
    await sql`
      CREATE TRIGGER instances_node_totals_update AFTER UPDATE ON instances
      FOR EACH ROW WHEN ${changed}
      BEGIN
        ${removeOld()};
        ${addNew()};
      END`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`DROP TRIGGER instances_keep_node_totals ON instances`.execute(db);
      await sql`DROP FUNCTION instances_keep_node_totals()`.execute(db);
    } else {
      for (const event of ["insert", "delete", "update"]) {
        await sql`DROP TRIGGER ${sql.raw(`instances_node_totals_${event}`)}`.execute(db);
      }
    }
    await db.schema.dropTable("node_totals").execute();
  },
};
