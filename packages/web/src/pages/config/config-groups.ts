import type { ConfigKeyView } from "../../api/config.ts";

/** The keys of one group: those whose names start with `name` and a dot. */
export interface ConfigGroup {
  name: string;
  keys: ConfigKeyView[];
}

/** A key's group: what comes before the first dot ("scheduler" for `scheduler.strategy`). */
export function groupOf(keyName: string): string {
  const dot = keyName.indexOf(".");
  return dot < 0 ? keyName : keyName.slice(0, dot);
}

/** Whether a key's name or description holds the search text, in any letter case. */
function matchesSearch(key: ConfigKeyView, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (wanted === "") return true;
  return key.name.toLowerCase().includes(wanted) || key.description.toLowerCase().includes(wanted);
}

/**
 * The keys that match the search, grouped by prefix: groups and keys in name order. A cluster has
 * a few dozen keys, all in one answer, so the search runs here rather than in the server.
 */
export function groupConfigKeys(keys: readonly ConfigKeyView[], search: string): ConfigGroup[] {
  const groups = new Map<string, ConfigKeyView[]>();
  for (const key of keys) {
    if (!matchesSearch(key, search)) continue;
    const group = groupOf(key.name);
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...groups.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([name, members]) => ({
      name,
      keys: members.toSorted((a, b) => byName(a.name, b.name)),
    }));
}
