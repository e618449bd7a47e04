import { useState } from "react";
import { assignRowSlots } from "./row-slots.ts";

interface Slots {
  keys: readonly string[];
  slots: ReadonlyMap<string, number>;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/** The row slot of each of these instance keys, carried over from the keys of the last render. */
export function useRowSlots(keys: readonly string[]): ReadonlyMap<string, number> {
  const [state, setState] = useState<Slots>(() => ({
    keys,
    slots: assignRowSlots(new Map(), keys),
  }));
  if (sameKeys(state.keys, keys)) return state.slots;
  // Derived from the previous render's slots while rendering, as React allows for state that
  // follows props: the table renders once more at once, before any row.
  const next = { keys, slots: assignRowSlots(state.slots, keys) };
  setState(next);
  return next.slots;
}
