/** The cached data groups (query-key roots) a lifecycle event can make stale. */
export type LifecycleRoot = "instances" | "applications" | "images" | "nodes" | "config";

/** Every group, for a refresh of all of them. */
export const lifecycleRoots: readonly LifecycleRoot[] = [
  "instances",
  "applications",
  "images",
  "nodes",
  "config",
];

const prefixes: readonly [string, LifecycleRoot][] = [
  ["instance-", "instances"],
  ["application-", "applications"],
  ["image-", "images"],
  ["node-", "nodes"],
];

/**
 * The query root a lifecycle action touches, by its prefix (so that actions added later still
 * refresh their group); undefined for one the dashboard caches nothing of.
 */
export function lifecycleRoot(action: string): LifecycleRoot | undefined {
  if (action === "config-updated") return "config";
  return prefixes.find(([prefix]) => action.startsWith(prefix))?.[1];
}
