/**
 * The Audit page filtered to one identity's or one resource's history: what a resource's page
 * and an entry's panel link to.
 */
export function auditHistoryPath(filter: { identity?: string; resource?: string }): string {
  const params = new URLSearchParams();
  if (filter.identity !== undefined) params.set("filter.identity", filter.identity);
  if (filter.resource !== undefined) params.set("filter.resource", filter.resource);
  return `/audit?${params.toString()}`;
}
