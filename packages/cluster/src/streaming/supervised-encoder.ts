import { EncoderProcess, type EncoderSpec } from "./encoder-process.ts";

/** An encoder that ran at least this long before it died is restarted; sooner, it counts as failing. */
const healthyRunMs = 5_000;
const maxQuickFailures = 3;

export interface SupervisedEncoderOptions {
  spec: EncoderSpec;
  /** For the warning a death writes. */
  instanceName: string;
  /** A new encoder took over (after a death, or replace()): its packets start a new numbering. */
  onReplaced: () => void;
  /** It died quickly three times running: the stream has no video left. */
  onFailure: (why: string) => void;
}

/**
 * One ffmpeg kept running for a stream: restarted when it dies, given up on when it keeps dying
 * within seconds of starting.
 */
export class SupervisedEncoder {
  private readonly options: SupervisedEncoderOptions;
  private encoder: EncoderProcess;
  private startedAt = 0;
  private quickFailures = 0;
  private stopping = false;

  constructor(options: SupervisedEncoderOptions) {
    this.options = options;
    this.encoder = this.start();
  }

  /** When the running encoder started (Date.now()). */
  get runningSince(): number {
    return this.startedAt;
  }

  writeFrame(frame: Buffer, written: () => void): void {
    this.encoder.writeFrame(frame, written);
  }

  /** A new encoder now, the running one killed (its first frame is a keyframe). */
  replace(): void {
    const retired = this.encoder;
    this.encoder = this.start();
    this.options.onReplaced();
    void retired.stop();
  }

  /** Kills the running encoder as if it had died: it is restarted unless failing. */
  kill(): void {
    void this.encoder.stop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.encoder.stop();
  }

  private start(): EncoderProcess {
    const encoder = new EncoderProcess(this.options.spec);
    this.startedAt = Date.now();
    void encoder.exited.then((code) => {
      this.onExit(encoder, code);
    });
    return encoder;
  }

  private onExit(encoder: EncoderProcess, code: number | null): void {
    if (this.stopping || encoder !== this.encoder) return;
    const why = `ffmpeg exited (${code ?? "killed"}): ${encoder.diagnostics || "no message"}`;
    console.warn(`stream of ${this.options.instanceName}: ${why}`);
    this.quickFailures = Date.now() - this.startedAt < healthyRunMs ? this.quickFailures + 1 : 0;
    if (this.quickFailures >= maxQuickFailures) {
      this.options.onFailure(why);
      return;
    }
    this.encoder = this.start();
    this.options.onReplaced();
  }
}
