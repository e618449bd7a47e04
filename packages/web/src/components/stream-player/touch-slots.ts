/** Android takes at most ten touch points (multi-touch slots 0 to 9). */
export const maxTouchPoints = 10;

/**
 * Gives each active pointer the lowest free touch id. Browser pointer ids keep growing with every
 * new touch, so they cannot be sent as they are: the device uses the id as its slot.
 */
export class TouchSlots {
  readonly #slotByPointer = new Map<number, number>();

  /** The slot for a new pointer, or undefined when all ten are taken (the touch is ignored). */
  acquire(pointerId: number): number | undefined {
    const taken = new Set(this.#slotByPointer.values());
    for (let slot = 0; slot < maxTouchPoints; slot += 1) {
      if (!taken.has(slot)) {
        this.#slotByPointer.set(pointerId, slot);
        return slot;
      }
    }
    return undefined;
  }

  slotOf(pointerId: number): number | undefined {
    return this.#slotByPointer.get(pointerId);
  }

  /** Frees a pointer's slot; `last` says whether it was the last touch down. */
  release(pointerId: number): { slot: number; last: boolean } | undefined {
    const slot = this.#slotByPointer.get(pointerId);
    if (slot === undefined) return undefined;
    this.#slotByPointer.delete(pointerId);
    return { slot, last: this.#slotByPointer.size === 0 };
  }

  /** Frees every slot, in the order they were taken. */
  releaseAll(): { slot: number; last: boolean }[] {
    const released: { slot: number; last: boolean }[] = [];
    for (const pointerId of [...this.#slotByPointer.keys()]) {
      const entry = this.release(pointerId);
      if (entry) released.push(entry);
    }
    return released;
  }
}
