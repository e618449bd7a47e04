import { shapingOf } from "@anbox-dashboard/contract";
import type { VirtualDeviceState } from "./device-state.ts";

/** What the link toward the viewer lets through. */
export interface LinkConditions {
  kbps: number;
  latencyMs: number;
  /** The share of packets lost, 0–1. */
  lossRate: number;
}

/** A link's buffer: a packet that would wait longer than this to be sent is dropped, as a router does. */
const bufferMs = 400;

/**
 * The viewer's side of the device's network (issue 39's mobile profiles): every packet of a
 * stream, video and sound alike, goes through it. Unshaped, a packet is sent at once; shaped, it
 * is sent once the link's bandwidth has room for it, its latency later, and a share of packets is
 * lost, as on a real link. Packets that would queue beyond the link's buffer are dropped.
 */
export class NetworkShaper {
  #conditions: LinkConditions | undefined;
  /** What the device's network makes of the link, before the viewer's own ceiling. */
  #network: LinkConditions | undefined;
  /** The viewer's ceiling on its stream (stream::quality), in kbit/s. */
  #ceilingKbps: number | undefined;
  /** When the link is free for the next packet (performance.now() ms). */
  #linkFreeAt = 0;
  readonly #queue: { at: number; send: () => void }[] = [];
  #timer: NodeJS.Timeout | undefined;
  readonly #random: () => number;
  #unfollow: () => void = () => undefined;
  /** Packets dropped (lost, or beyond the buffer), for tests and diagnostics. */
  dropped = 0;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  /** New conditions, or none: what is queued still goes out as it was going to. */
  shape(conditions: LinkConditions | undefined): void {
    this.#network = conditions;
    this.#conditions = withCeiling(conditions, this.#ceilingKbps);
  }

  /** The viewer's own ceiling on the link (none: the network's alone), from now on. */
  limit(kbps: number | undefined): void {
    this.#ceilingKbps = kbps;
    this.#conditions = withCeiling(this.#network, kbps);
  }

  /**
   * Shapes the link as the device's network says (its mobile profile, on mobile data alone), now
   * and after each change, until `stop`.
   */
  follow(device: VirtualDeviceState): void {
    const shapeLink = () => {
      this.shape(shapingOf(device.current.network));
    };
    shapeLink();
    this.#unfollow();
    this.#unfollow = device.onChange(shapeLink);
  }

  /**
   * Whether the link's buffer has room now: a video frame is let in whole or not at all (a frame
   * cut by drops only makes the viewer ask for a keyframe, which would never get through).
   */
  admits(): boolean {
    return this.#conditions === undefined || this.#linkFreeAt - performance.now() <= bufferMs;
  }

  /** A packet left out whole (its frame was not admitted). */
  drop(): void {
    this.dropped++;
  }

  /**
   * Sends a packet of `bytes` through the link: `send` runs when it arrives, or never. A packet of
   * an admitted frame (`admitted`) is queued whatever the buffer holds; others are dropped when it
   * is full.
   */
  send(bytes: number, send: () => void, admitted = false): void {
    const conditions = this.#conditions;
    if (conditions === undefined) {
      // Unshaped now, but packets shaped before are still on their way: this one goes after
      // them, never ahead (a new keyframe overtaken by an old frame's packets is broken).
      const last = this.#queue.at(-1);
      if (last === undefined) send();
      else {
        this.#queue.push({ at: last.at, send });
        this.#schedule();
      }
      return;
    }
    if (this.#random() < conditions.lossRate) {
      this.dropped++;
      return;
    }
    const now = performance.now();
    const start = Math.max(now, this.#linkFreeAt);
    if (!admitted && start - now > bufferMs) {
      this.dropped++;
      return;
    }
    // kbps is bits per millisecond.
    this.#linkFreeAt = start + (bytes * 8) / conditions.kbps;
    this.#queue.push({ at: this.#linkFreeAt + conditions.latencyMs, send });
    this.#schedule();
  }

  /** Lets the queue go and stops following the device: nothing more is sent. */
  stop(): void {
    this.#unfollow();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#queue.length = 0;
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    const next = this.#queue[0];
    if (next === undefined) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#release();
      },
      Math.max(0, next.at - performance.now()),
    );
  }

  #release(): void {
    const now = performance.now();
    while (this.#queue[0] !== undefined && this.#queue[0].at <= now) {
      this.#queue.shift()?.send();
    }
    this.#schedule();
  }
}

/** A link held to `ceilingKbps` at most: the network's conditions, or a clean link that fast. */
function withCeiling(
  network: LinkConditions | undefined,
  ceilingKbps: number | undefined,
): LinkConditions | undefined {
  if (ceilingKbps === undefined) return network;
  if (network === undefined) return { kbps: ceilingKbps, latencyMs: 0, lossRate: 0 };
  return { ...network, kbps: Math.min(network.kbps, ceilingKbps) };
}
