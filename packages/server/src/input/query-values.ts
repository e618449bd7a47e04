import { fieldsOf } from "@anbox-dashboard/http-kit";

/** A query without its empty values: `?type=` means no type filter, as an absent one does. */
export function withoutEmptyValues(query: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fieldsOf(query)).filter(([, value]) => value !== ""));
}

/** The `clusterId` of a query (for requireCluster, which says what is wrong with it). */
export function clusterIdOf(query: unknown): unknown {
  return fieldsOf(query).clusterId;
}
