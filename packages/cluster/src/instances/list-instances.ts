import {
  PostgresAdapter,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from "kysely";
import { z } from "zod";
import {
  instanceOrderKeys,
  instanceStatuses,
  instanceTypes,
  type InstanceStatus,
  maxStoredInteger,
  maxStoredIntegerMessage,
} from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { ClusterSchema, InstancesTable } from "../store/schema.ts";
import { parseInput } from "../http/validate.ts";
import { onePage } from "../store/one-page.ts";

// Repeated query parameters arrive as arrays; both forms mean a comma-separated list.
const listText = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value.join(",") : value));

const commaList = listText.transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== ""),
);

const wholeText = z
  .string()
  .regex(/^\d+$/, "must be a whole number")
  .transform((value) => Number(value))
  .pipe(z.number().max(maxStoredInteger, maxStoredIntegerMessage));

/** The filters and sort of `GET /1.0/instances` (AMS-OAS), plus `order_by`/`order` (extension). */
export const instanceFiltersSchema = z
  .object({
    // This cluster's extension (instance_id_list_filter): several ids, comma-separated, match any.
    id: commaList.optional(),
    name: listText.optional(),
    base: z.enum(["true", "false", "1", "0"], { message: "must be true or false" }).optional(),
    type: z
      .enum(instanceTypes, { message: `must be one of ${instanceTypes.join(", ")}` })
      .optional(),
    status: commaList
      .refine(
        (statuses) =>
          statuses.every((status) => (instanceStatuses as readonly string[]).includes(status)),
        { message: `must be a comma-separated list of ${instanceStatuses.join(", ")}` },
      )
      .optional(),
    node: listText.optional(),
    app_id: listText.optional(),
    app_name: listText.optional(),
    app_version: wholeText.optional(),
    image_id: listText.optional(),
    image_name: listText.optional(),
    image_version: wholeText.optional(),
    tags: commaList.optional(),
    // An extension for the dashboard's search box: a part of the name, whatever its case.
    search: z
      .string({ message: "must be given once" })
      .max(255, "must be at most 255 characters")
      .optional(),
    order_by: z
      .enum(instanceOrderKeys, { message: `must be one of ${instanceOrderKeys.join(", ")}` })
      .optional(),
    order: z.enum(["asc", "desc"], { message: "must be asc or desc" }).optional(),
  })
  .loose();

export type InstanceFilters = z.infer<typeof instanceFiltersSchema>;

export function parseInstanceFilters(query: unknown): InstanceFilters {
  return parseInput(instanceFiltersSchema, query ?? {}, "instance filters");
}

type Builder = ExpressionBuilder<ClusterSchema, "instances">;

/**
 * The filters as SQL conditions: all must hold; the tags filter wants every given tag.
 * `postgres`: the database is PostgreSQL, whose LIKE heeds case.
 */
function conditions(
  eb: Builder,
  filters: InstanceFilters,
  postgres: boolean,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  const text = (
    column: "name" | "node" | "app_id" | "app_name" | "image_id" | "image_name",
    value: string | undefined,
  ): void => {
    if (value !== undefined) where.push(eb(column, "=", value));
  };
  if (filters.id !== undefined && filters.id.length > 0) where.push(eb("id", "in", filters.id));
  text("name", filters.name);
  text("node", filters.node);
  text("app_id", filters.app_id);
  text("app_name", filters.app_name);
  text("image_id", filters.image_id);
  text("image_name", filters.image_name);
  if (filters.search !== undefined && filters.search !== "") {
    // The escape makes `%` and `_` in the search plain characters. SQLite's LIKE ignores ASCII
    // case as it is (as its lower() folds ASCII only): lower() on every row would only cost, 28
    // against 10 ms to count 100,000 names. PostgreSQL's heeds case: lower() on both sides (ILIKE
    // is PostgreSQL's only).
    const pattern = `%${escapeLike(filters.search)}%`;
    where.push(
      postgres
        ? sql<SqlBool>`lower(${eb.ref("name")}) like lower(${pattern}) escape '\\'`
        : sql<SqlBool>`${eb.ref("name")} like ${pattern} escape '\\'`,
    );
  }
  if (filters.base !== undefined) {
    where.push(eb("base", "=", filters.base === "true" || filters.base === "1" ? 1 : 0));
  }
  if (filters.type !== undefined) where.push(eb("type", "=", filters.type));
  if (filters.status !== undefined && filters.status.length > 0) {
    where.push(eb("status", "in", filters.status as InstanceStatus[]));
  }
  if (filters.app_version !== undefined) where.push(eb("app_version", "=", filters.app_version));
  if (filters.image_version !== undefined) {
    where.push(eb("image_version", "=", filters.image_version));
  }
  for (const tag of filters.tags ?? []) {
    where.push(
      eb("id", "in", eb.selectFrom("instance_tags").select("instance_id").where("tag", "=", tag)),
    );
  }
  return where;
}

/** `text` as a literal part of a LIKE pattern escaped with a backslash. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A listed instance row, with its node's public address (null without a node). */
export type ListedInstance = InstancesTable & { node_public_address: string | null };

/**
 * One page of the instances matching the filters, and how many match in all. Filtering, sorting
 * and paging happen in SQL (indexes on status, node, app_id, image_id, created_at), so a page stays
 * quick with tens of thousands of instances. Ties are broken on the id: pages never overlap.
 */
export async function listInstances(
  db: ClusterDatabase,
  filters: InstanceFilters,
  page: { limit: number | undefined; offset: number },
): Promise<{ rows: ListedInstance[]; total: number }> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const orderBy = filters.order_by ?? "created_at";
  const direction = filters.order ?? "asc";
  let query = db
    .selectFrom("instances")
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom("nodes")
        .select("public_address")
        .whereRef("nodes.name", "=", "instances.node")
        .as("node_public_address"),
    )
    .where((eb) => eb.and(conditions(eb, filters, postgres)))
    .orderBy(orderBy, direction)
    .orderBy("id", direction);
  query = onePage(query, page);
  const [rows, count] = await Promise.all([
    query.execute(),
    db
      .selectFrom("instances")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where((eb) => eb.and(conditions(eb, filters, postgres)))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.count ?? 0) };
}
