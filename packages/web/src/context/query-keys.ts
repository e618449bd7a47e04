/**
 * Every query key the dashboard uses, rooted in the spec's cached data groups so that a whole
 * group can be invalidated by its prefix.
 */
export const queryKeys = {
  authInfo: () => ["authInfo"] as const,
  info: () => ["info"] as const,
  clusters: () => ["clusters"] as const,
  registration: (token: string) => ["registration", token] as const,
  profile: () => ["profile"] as const,
  /** Every operations list: invalidating this prefix refreshes them all. */
  operations: () => ["operations"] as const,
  operationsList: (query: {
    orderBy: string;
    order: string;
    /** Comma-joined cluster ids; "" for all. */
    clusters: string;
  }) => ["operations", "list", query] as const,
};
