import type { ControlEvent } from "./control-messages.ts";

/**
 * The input marker: the device counts the input it applies and shows the count, modulo 256, in
 * each frame as eight black or white blocks in a row at the bottom right corner (most significant
 * bit first), while the viewer times its input (stream::timing: the player while its statistics
 * are open, the benchmark): a strip no one else needs to see in every frame. A client that counts the input it sends the same way sees which frame first shows
 * each one, and so the true time from input to screen: capture, encoding, network, decoding and
 * display together. Blocks of 12 device pixels survive H.264 and VP8 at the stream's bitrate.
 * The player reads it (packages/web/src/components/stream-player/input-latency.ts): the two must
 * agree on what counts and where the blocks are.
 */
export const markerBlockSize = 12;
export const markerBits = 8;

/**
 * The input that counts: what the player sends as the user touches, clicks and types (a key that
 * types a character comes as the IME's committed text).
 */
export function countsAsInput(event: ControlEvent): boolean {
  switch (event.kind) {
    case "touch-start":
    case "touch-move":
    case "touch-end":
    case "key":
    case "text":
    case "mouse-move":
    case "mouse-button":
      return true;
    default:
      return false;
  }
}

/** Where the marker is drawn in a framebuffer of this size (device pixels, never rotated). */
export function markerRect(width: number, height: number) {
  return {
    x: width - markerBits * markerBlockSize,
    y: height - markerBlockSize,
    width: markerBits * markerBlockSize,
    height: markerBlockSize,
  };
}

/** The blocks' values for a count, most significant bit first. */
export function markerValues(count: number): boolean[] {
  const value = count & 0xff;
  return Array.from(
    { length: markerBits },
    (_, bit) => ((value >> (markerBits - 1 - bit)) & 1) === 1,
  );
}
