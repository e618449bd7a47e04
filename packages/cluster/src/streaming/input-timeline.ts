/** The wall clock in milliseconds with a fraction, comparable with a browser's on the same machine. */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

/** When the device handled an input and when the first frame showing it was drawn and encoded. */
export interface InputShown {
  /** The input count the frame shows (input-marker.ts). */
  input: number;
  /** Wall-clock ms: the control message applied, the frame drawn, its last packet out of the encoder. */
  receivedAt: number;
  drawnAt: number;
  encodedAt: number;
}

interface FrameInFlight {
  input: number;
  receivedAt: number;
  drawnAt: number;
}

/** Frames handed to the encoder and not yet out of it, beyond which the oldest are forgotten. */
const maxFramesInFlight = 16;

/**
 * Follows frames through the encoder to time each input the device shows: where the time from a
 * touch to the screen goes on the device's side (waiting for the frame and drawing it, encoding
 * it). The encoder keeps frames in order and emits each one (x264 with zero latency, VP8 without
 * lag, no frame dropped or repeated by ffmpeg), so the n-th frame out is the n-th frame in.
 */
export class InputTimeline {
  private readonly inFlight: FrameInFlight[] = [];
  private lastShown = 0;

  /** A frame went to the encoder showing input up to `input`, applied at `receivedAt`. */
  drawn(input: number, receivedAt: number, drawnAt: number): void {
    this.inFlight.push({ input, receivedAt, drawnAt });
    if (this.inFlight.length > maxFramesInFlight) this.inFlight.shift();
  }

  /** A whole frame came out of the encoder: the timing of the input it first shows, if any. */
  encoded(encodedAt: number): InputShown | undefined {
    const frame = this.inFlight.shift();
    if (frame === undefined || frame.input === this.lastShown) return undefined;
    this.lastShown = frame.input;
    if (frame.input === 0) return undefined;
    return { ...frame, encodedAt };
  }

  /** A new encoder starts: frames handed to the last one are not coming out. */
  restart(): void {
    this.inFlight.length = 0;
  }
}
