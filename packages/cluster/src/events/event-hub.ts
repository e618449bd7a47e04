import type { AmsEvent, AmsEventType } from "@anbox-dashboard/contract";

type Listener = (event: AmsEvent) => void;

// Distributes operation, lifecycle and logging events to every subscriber (the events websockets).
type EventInput = AmsEvent extends infer E
  ? E extends AmsEvent
    ? Omit<E, "timestamp">
    : never
  : never;

export class EventHub {
  private readonly listeners = new Map<Listener, ReadonlySet<AmsEventType>>();

  /** Listens to the given event types until the returned function is called. */
  subscribe(types: ReadonlySet<AmsEventType>, listener: Listener): () => void {
    this.listeners.set(listener, types);
    return () => {
      this.listeners.delete(listener);
    };
  }

  publish(event: EventInput): void {
    const stamped: AmsEvent = { ...event, timestamp: new Date().toISOString() };
    for (const [listener, types] of this.listeners) {
      if (!types.has(stamped.type)) continue;
      try {
        listener(stamped);
      } catch {
        // One broken subscriber must not stop the others from hearing the event.
      }
    }
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }
}
