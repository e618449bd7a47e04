/**
 * Which row of the table shows which instance. A row is a slot: an instance still listed keeps its
 * slot, so that its row (and a focus in it) stays its own through live updates; an instance that
 * arrives takes a slot an instance that left has freed, lowest first, and only then a new one.
 *
 * So a new search or page, which replaces every instance, updates the rows already on screen in
 * place instead of removing them all and building as many again, which is what makes a search
 * keystroke quick to show (bench/instances-page.bench.ts).
 */
export function assignRowSlots(
  previous: ReadonlyMap<string, number>,
  keys: readonly string[],
): Map<string, number> {
  const slots = new Map<string, number>();
  const kept = new Set<number>();
  for (const key of keys) {
    const slot = previous.get(key);
    if (slot !== undefined) {
      slots.set(key, slot);
      kept.add(slot);
    }
  }
  const freed = [...previous.values()].filter((slot) => !kept.has(slot)).sort((a, b) => a - b);
  let next = Math.max(-1, ...previous.values()) + 1;
  for (const key of keys) {
    if (slots.has(key)) continue;
    const slot = freed.shift() ?? next++;
    slots.set(key, slot);
  }
  return slots;
}
