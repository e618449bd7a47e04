import {
  configCatalog,
  configKeyDefinition,
  configKeyNames,
  type ConfigKeyName,
  type ConfigValue,
  type ConfigValues,
} from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { SchedulingStrategy } from "../scheduler/place-instance.ts";

// The cluster's settings are the keys of the contract's catalogue (config/config-catalog.ts),
// stored as text in the `config` table. Keys starting with `internal.` live in the same table but
// are not in the catalogue, so they are never listed nor settable through `/1.0/config`.

/**
 * A setting's typed value: the stored one, or the key's default when it was never set (or the
 * stored text no longer fits the key, which a manual edit of the table could cause).
 */
export async function readSetting<K extends ConfigKeyName>(
  db: ClusterDatabase,
  key: K,
): Promise<ConfigValue<K>> {
  const row = await db
    .selectFrom("config")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return typedValue(key, row?.value);
}

/** Every setting, typed, in one query. */
export async function readAllSettings(db: ClusterDatabase): Promise<ConfigValues> {
  const rows = await db
    .selectFrom("config")
    .select(["key", "value"])
    .where("key", "in", configKeyNames)
    .execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const values: Partial<Record<ConfigKeyName, string | number | boolean>> = {};
  for (const key of configKeyNames) values[key] = typedValue(key, stored.get(key));
  return values as ConfigValues;
}

/** Stores a value that has already been checked with the key's `parse`, as its text. */
export async function writeSetting<K extends ConfigKeyName>(
  db: ClusterDatabase,
  key: K,
  value: ConfigValue<K>,
): Promise<void> {
  const text = String(value);
  await db
    .insertInto("config")
    .values({ key, value: text })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: text }))
    .execute();
}

/** The scheduler's strategy (`scheduler.strategy`): `spread` unless configured otherwise. */
export async function readSchedulerStrategy(db: ClusterDatabase): Promise<SchedulingStrategy> {
  return readSetting(db, "scheduler.strategy");
}

function typedValue<K extends ConfigKeyName>(key: K, text: string | undefined): ConfigValue<K> {
  const definition = configCatalog[key];
  if (text !== undefined) {
    const parsed = configKeyDefinition(key).parse(text);
    if (parsed.ok) return parsed.value as ConfigValue<K>;
  }
  return definition.default as ConfigValue<K>;
}
