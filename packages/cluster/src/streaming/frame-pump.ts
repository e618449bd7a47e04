/** Where frames go: the encoder's stdin. `written` runs once the frame's buffer is free again. */
export interface FrameSink {
  writeFrame(frame: Buffer, written: () => void): void;
  /** The sink is done with a frame when writeFrame returns: it gets the renderer's own buffer. */
  readonly takesFrameAtOnce?: boolean;
}

/** Frames handed over but not yet taken by the pipe, beyond which a frame is dropped. */
const maxFramesInFlight = 2;
/**
 * At most one frame is drawn early, for input, in this many frame periods: a tap is shown at
 * once, while a drag's stream of moves follows the frame rate (the rate rises by a quarter at
 * most).
 */
const expediteEveryPeriods = 4;

/**
 * Produces frames at a steady rate and hands copies to the sink. The schedule is kept against
 * the clock (no drift from timer lateness); when the process falls behind by more than a frame it
 * skips ahead, and when the encoder is not keeping up, frames are dropped rather than queued, so
 * that latency stays low. Each frame written is a copy in one of a few reused buffers: the
 * renderer keeps patching its own while the pipe still holds the last.
 *
 * Input need not wait for the next frame's turn (half a frame period on average, 17 ms at 30 fps):
 * expedite() draws it at once and the schedule goes on from there, as a phone's display pipeline
 * wakes for a touch.
 */
export class FramePump {
  private readonly periodMs: number;
  private readonly produce: (frameNumber: number, now: number) => Buffer;
  private readonly sink: FrameSink;
  private readonly free: Buffer[] = [];
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private tick = 0;
  private inFlight = 0;
  private running = false;
  private lastExpeditedAt = Number.NEGATIVE_INFINITY;
  framesSent = 0;
  framesDropped = 0;

  constructor(fps: number, produce: (frameNumber: number, now: number) => Buffer, sink: FrameSink) {
    this.periodMs = 1000 / fps;
    this.produce = produce;
    this.sink = sink;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = performance.now();
    this.tick = 0;
    this.step();
  }

  /** Input arrived: the next frame is drawn now rather than at its turn, unless one just was. */
  expedite(): void {
    if (!this.running || this.inFlight >= maxFramesInFlight) return;
    const now = performance.now();
    if (now - this.lastExpeditedAt < expediteEveryPeriods * this.periodMs) return;
    this.lastExpeditedAt = now;
    clearTimeout(this.timer);
    this.startedAt = now;
    this.tick = 0;
    this.step();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private step(): void {
    if (!this.running) return;
    if (this.sink.takesFrameAtOnce === true) {
      this.framesSent++;
      this.sink.writeFrame(this.produce(this.framesSent + this.framesDropped, Date.now()), () => {
        // nothing held
      });
    } else if (this.inFlight >= maxFramesInFlight) {
      this.framesDropped++;
    } else {
      const frame = this.produce(this.framesSent + this.framesDropped + 1, Date.now());
      const copy = this.free.pop() ?? Buffer.allocUnsafe(frame.length);
      frame.copy(copy);
      this.inFlight++;
      this.framesSent++;
      this.sink.writeFrame(copy, () => {
        this.inFlight--;
        if (copy.length === frame.length) this.free.push(copy);
      });
    }
    this.tick++;
    const elapsed = performance.now() - this.startedAt;
    if (elapsed > (this.tick + 1) * this.periodMs) {
      this.tick = Math.floor(elapsed / this.periodMs);
    }
    const delay = Math.max(0, this.startedAt + this.tick * this.periodMs - performance.now());
    this.timer = setTimeout(() => {
      this.step();
    }, delay);
  }
}
