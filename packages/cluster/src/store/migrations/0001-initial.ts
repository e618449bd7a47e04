import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("nodes")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("public_address", "text", (c) => c.notNull())
      .addColumn("architecture", "text", (c) => c.notNull())
      .addColumn("cpus", "integer", (c) => c.notNull())
      .addColumn("cpu_allocation_rate", "real", (c) => c.notNull())
      .addColumn("memory", "bigint", (c) => c.notNull())
      .addColumn("memory_allocation_rate", "real", (c) => c.notNull())
      .addColumn("disk_size", "bigint", (c) => c.notNull())
      .addColumn("gpu_slots", "integer", (c) => c.notNull())
      .addColumn("gpu_encoder_slots", "integer", (c) => c.notNull())
      .addColumn("vpu_slots", "integer", (c) => c.notNull())
      .addColumn("tags", "text", (c) => c.notNull())
      .addColumn("unschedulable", "integer", (c) => c.notNull())
      .addColumn("is_master", "integer", (c) => c.notNull())
      .addColumn("managed", "integer", (c) => c.notNull())
      .addColumn("storage_pool", "text", (c) => c.notNull())
      .addColumn("network_bridge_mtu", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("images")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("variant", "text", (c) => c.notNull())
      .addColumn("architecture", "text", (c) => c.notNull())
      .addColumn("capabilities", "text", (c) => c.notNull())
      .addColumn("is_default", "integer", (c) => c.notNull())
      .addColumn("immutable", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .addUniqueConstraint("images_name_type", ["name", "type"])
      .execute();

    await db.schema
      .createTable("image_versions")
      .addColumn("image_id", "text", (c) => c.notNull().references("images.id").onDelete("cascade"))
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("size", "bigint", (c) => c.notNull())
      .addColumn("remote_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("error_message", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("image_versions_pk", ["image_id", "version"])
      .execute();

    await db.schema
      .createTable("applications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull().unique())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("vm", "integer", (c) => c.notNull())
      .addColumn("instance_type", "text", (c) => c.notNull())
      .addColumn("boot_package", "text", (c) => c.notNull())
      .addColumn("parent_image_id", "text", (c) => c.notNull())
      .addColumn("parent_image_variant", "text", (c) => c.notNull())
      .addColumn("abi", "text", (c) => c.notNull())
      .addColumn("immutable", "integer", (c) => c.notNull())
      .addColumn("inhibit_auto_updates", "integer", (c) => c.notNull())
      .addColumn("tags", "text", (c) => c.notNull())
      .addColumn("node_selector", "text", (c) => c.notNull())
      .addColumn("addons", "text", (c) => c.notNull())
      .addColumn("resources", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("application_versions")
      .addColumn("application_id", "text", (c) =>
        c.notNull().references("applications.id").onDelete("cascade"),
      )
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("manifest_version", "text", (c) => c.notNull())
      .addColumn("manifest", "text", (c) => c.notNull())
      .addColumn("manifest_text", "text", (c) => c.notNull())
      .addColumn("parent_image_id", "text", (c) => c.notNull())
      .addColumn("parent_image_version", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("published", "integer", (c) => c.notNull())
      .addColumn("boot_activity", "text", (c) => c.notNull())
      .addColumn("error_message", "text", (c) => c.notNull())
      .addColumn("package_path", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("application_versions_pk", ["application_id", "number"])
      .execute();

    await db.schema
      .createTable("instances")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull().unique())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("base", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("desired_status", "text", (c) => c.notNull())
      .addColumn("status_message", "text", (c) => c.notNull())
      .addColumn("error_message", "text", (c) => c.notNull())
      .addColumn("node", "text", (c) => c.notNull())
      .addColumn("app_id", "text", (c) => c.notNull())
      .addColumn("app_name", "text", (c) => c.notNull())
      .addColumn("app_version", "integer", (c) => c.notNull())
      .addColumn("image_id", "text", (c) => c.notNull())
      .addColumn("image_name", "text", (c) => c.notNull())
      .addColumn("image_version", "integer", (c) => c.notNull())
      .addColumn("image_variant", "text", (c) => c.notNull())
      .addColumn("architecture", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("cpus", "integer", (c) => c.notNull())
      .addColumn("memory", "bigint", (c) => c.notNull())
      .addColumn("disk_size", "bigint", (c) => c.notNull())
      .addColumn("gpu_slots", "integer", (c) => c.notNull())
      .addColumn("vpu_slots", "integer", (c) => c.notNull())
      .addColumn("config", "text", (c) => c.notNull())
      .addColumn("tags", "text", (c) => c.notNull())
      .addColumn("stored_logs", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .execute();
    for (const column of ["status", "node", "app_id", "image_id", "created_at"]) {
      await db.schema
        .createIndex(`instances_${column}`)
        .on("instances")
        .columns([column, "id"])
        .execute();
    }

    await db.schema
      .createTable("instance_tags")
      .addColumn("instance_id", "text", (c) =>
        c.notNull().references("instances.id").onDelete("cascade"),
      )
      .addColumn("tag", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("instance_tags_pk", ["instance_id", "tag"])
      .execute();
    await db.schema.createIndex("instance_tags_tag").on("instance_tags").column("tag").execute();

    await db.schema
      .createTable("operations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("class", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("status_code", "integer", (c) => c.notNull())
      .addColumn("resources", "text", (c) => c.notNull())
      .addColumn("metadata", "text", (c) => c.notNull())
      .addColumn("may_cancel", "integer", (c) => c.notNull())
      .addColumn("err", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("operations_status_code")
      .on("operations")
      .column("status_code")
      .execute();
    await db.schema
      .createIndex("operations_created_at")
      .on("operations")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("config")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      "config",
      "operations",
      "instance_tags",
      "instances",
      "application_versions",
      "applications",
      "image_versions",
      "images",
      "nodes",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
