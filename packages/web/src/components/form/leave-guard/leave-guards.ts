/**
 * The forms that have unsaved input, and a navigation held back while the person is asked
 * whether to leave them. Framework-free: the app's router (context/app-router.tsx) asks
 * `blocking()` before it moves and hands the move to `hold`; the confirmation
 * (LeaveConfirmation.tsx) shows while a move is held and calls `proceed` or `stay`.
 *
 * The router is not a data router, so React Router's `useBlocker` does not work in it; this is
 * the part of it the forms need.
 */
export class LeaveGuards {
  private readonly unsaved = new Set<() => boolean>();
  private readonly listeners = new Set<() => void>();
  private held: (() => void) | undefined;

  /** Registers a form's "is anything unsaved" question; returns its removal. */
  add(hasUnsaved: () => boolean): () => void {
    this.unsaved.add(hasUnsaved);
    return () => {
      this.unsaved.delete(hasUnsaved);
    };
  }

  /** Whether a move now would drop what a form holds. */
  blocking(): boolean {
    for (const hasUnsaved of this.unsaved) if (hasUnsaved()) return true;
    return false;
  }

  /** Keeps `move` until the person chose; a newer move replaces an older one. */
  hold(move: () => void): void {
    this.held = move;
    this.notify();
  }

  /** Whether a move is held (the confirmation shows). */
  isHolding(): boolean {
    return this.held !== undefined;
  }

  /** The person chose to leave: the held move is made. */
  proceed(): void {
    const move = this.held;
    this.held = undefined;
    this.notify();
    move?.();
  }

  /** The person chose to stay: the held move is dropped. */
  stay(): void {
    this.held = undefined;
    this.notify();
  }

  /** For `useSyncExternalStore`: called when a move is held or released. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
