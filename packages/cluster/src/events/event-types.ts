import { amsEventTypes, type AmsEventType } from "@anbox-dashboard/contract";

/**
 * Reads the `type` parameter of `GET /1.0/events` (comma-separated; every type when absent or
 * empty). Returns the problem as text when a type is unknown, so the route can refuse with 400.
 */
export function parseEventTypes(
  value: string | undefined,
): { types: ReadonlySet<AmsEventType> } | { error: string } {
  if (value === undefined || value.trim() === "") return { types: new Set(amsEventTypes) };
  const types = new Set<AmsEventType>();
  for (const raw of value.split(",")) {
    const name = raw.trim();
    if (name === "") continue;
    // `amc monitor -t operations` uses the plural; accept it as AMS does.
    const normalised = name === "operations" ? "operation" : name;
    if (!isEventType(normalised)) {
      return {
        error: `Unknown event type "${name}": expected a comma-separated list of ${amsEventTypes.join(", ")}`,
      };
    }
    types.add(normalised);
  }
  return types.size === 0 ? { types: new Set(amsEventTypes) } : { types };
}

function isEventType(name: string): name is AmsEventType {
  return (amsEventTypes as readonly string[]).includes(name);
}
