/** A query without its empty values: `?type=` means no type filter, as an absent one does. */
export function withoutEmptyValues(query: unknown): Record<string, unknown> {
  if (typeof query !== "object" || query === null) return {};
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
}

/** The `clusterId` of a query (for requireCluster, which says what is wrong with it). */
export function clusterIdOf(query: unknown): unknown {
  return typeof query === "object" && query !== null
    ? (query as { clusterId?: unknown }).clusterId
    : undefined;
}
