/**
 * Work done in the background at start and then every `everyMs` (old audit entries removed,
 * expired sessions recorded): one run at a time; a failure is logged (`warn`) and tried again at
 * the next run. Several dashboard processes may all run it: each task is written so that doing
 * again what another did changes nothing.
 */
export class PeriodicTask {
  readonly #timer: NodeJS.Timeout;
  readonly #work: () => Promise<void>;
  readonly #warn: (message: string) => void;
  readonly #what: string;
  #running: Promise<void> | undefined;

  constructor(what: string, everyMs: number, work: () => Promise<void>, warn: (m: string) => void) {
    this.#what = what;
    this.#work = work;
    this.#warn = warn;
    this.#timer = setInterval(() => void this.run(), everyMs);
    this.#timer.unref();
    void this.run();
  }

  /** Runs the work now (or waits for the run under way). Resolves once it is done. */
  run(): Promise<void> {
    this.#running ??= (async () => {
      try {
        await this.#work();
      } catch (error) {
        this.#warn(`Could not ${this.#what}: ${String(error)}`);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  /** Stops running it, once the run under way (if any) has ended. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
