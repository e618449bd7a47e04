import { sql } from "kysely";
import { z } from "zod";
import { nodeListFilterFields, nodeListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import { parseInput } from "../http/validate.ts";
import type { ListQuery } from "../http/list-query.ts";
import { selectNodesWithTotals, withTotals } from "./node-load.ts";
import { nodeViewOf, type NodeView } from "./node-view.ts";
import { onePage } from "../store/one-page.ts";

const nodeListQuerySchema = z
  .object({
    order_by: z
      .enum(nodeListOrderBy, { message: `order_by must be one of ${nodeListOrderBy.join(", ")}` })
      .default("name"),
    order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).default("asc"),
    ...nodeListFilterFields,
  })
  .loose();
export type NodeListFilters = z.output<typeof nodeListQuerySchema>;

/** The sorting and filters of `GET /1.0/nodes` (an extension of this cluster), checked. */
export function parseNodeListFilters(query: unknown): NodeListFilters {
  return parseInput(nodeListQuerySchema, query ?? {}, "list parameters");
}

/** How full a node is, as `nodeSortKey` (contract api/nodes.ts) computes it, in SQL. */
const fullness = {
  cpu: sql`COALESCE(node_totals.cpus, 0) * 1.0 / NULLIF(nodes.cpus * nodes.cpu_allocation_rate, 0)`,
  memory: sql`COALESCE(node_totals.memory, 0) * 1.0 / NULLIF(nodes.memory * nodes.memory_allocation_rate, 0)`,
  disk: sql`COALESCE(node_totals.disk_size, 0) * 1.0 / NULLIF(nodes.disk_size, 0)`,
};

/**
 * One page of the nodes that match, sorted by the column and then by name, and how many match.
 * A thousand nodes read with their totals (kept by triggers) in one indexed join.
 */
export async function listNodeViews(
  db: ClusterDatabase,
  filters: NodeListFilters,
  page: Pick<ListQuery, "limit" | "offset">,
): Promise<{ views: NodeView[]; total: number }> {
  let query = selectNodesWithTotals(db);
  if (filters.search !== undefined && filters.search !== "") {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    // Case-insensitive in both dialects (PostgreSQL's LIKE is not).
    query = query.where(
      sql<boolean>`(lower(nodes.name) LIKE lower(${pattern}) ESCAPE '\\' OR nodes.address LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (filters.status !== undefined && filters.status.length > 0) {
    query = query.where("nodes.status", "in", filters.status);
  }
  if (filters.unschedulable !== undefined) {
    query = query.where("nodes.unschedulable", "=", filters.unschedulable ? 1 : 0);
  }

  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();

  const direction = filters.order;
  const orderBy = filters.order_by;
  let sorted = query;
  if (orderBy === "cpu" || orderBy === "memory" || orderBy === "disk") {
    sorted = sorted.orderBy(sql`COALESCE(${fullness[orderBy]}, 0)`, direction);
  } else if (orderBy === "instances") {
    sorted = sorted.orderBy(sql`COALESCE(node_totals.instances, 0)`, direction);
  } else if (orderBy !== "name") {
    sorted = sorted.orderBy(`nodes.${orderBy}`, direction);
  }
  sorted = sorted.orderBy("nodes.name", direction);
  sorted = onePage(sorted, page);
  const rows = await sorted.execute();
  return { views: rows.map((row) => nodeViewOf(withTotals(row))), total: Number(counted.count) };
}
