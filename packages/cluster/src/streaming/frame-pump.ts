/** Where frames go: the encoder's stdin. `written` runs once the frame's buffer is free again. */
export interface FrameSink {
  writeFrame(frame: Buffer, written: () => void): void;
}

/** Frames handed over but not yet taken by the pipe, beyond which a frame is dropped. */
const maxFramesInFlight = 2;

/**
 * Produces frames at a steady rate and hands copies to the sink. The schedule is kept against
 * the clock (no drift from timer lateness); when the process falls behind by more than a frame it
 * skips ahead, and when the encoder is not keeping up, frames are dropped rather than queued, so
 * that latency stays low. Each frame written is a copy in one of a few reused buffers: the
 * renderer keeps patching its own while the pipe still holds the last.
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

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private step(): void {
    if (!this.running) return;
    if (this.inFlight >= maxFramesInFlight) {
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
