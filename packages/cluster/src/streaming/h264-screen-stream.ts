import { randomInt } from "node:crypto";
import type { FramePump } from "./frame-pump.ts";
import { nalTypes, parsePps, parseSps, type SliceParameters } from "./h264/parameter-sets.ts";
import { pcmSlice } from "./h264/pcm-slice.ts";
import { packetizeNal, wholeNalsOf } from "./h264/rtp-packetizer.ts";
import { InputTimeline, wallClock } from "./input-timeline.ts";
import type { MediaPipelineSpec, ScreenStream } from "./media-pipeline-spec.ts";
import { negotiatedPlayoutDelayId, withZeroPlayoutDelay } from "./playout-delay.ts";
import type { Rect } from "./rect.ts";
import { RtpRelay } from "./rtp-relay.ts";
import { sceneFramePump } from "./scene-frame-pump.ts";
import { ScreenRenderer } from "./screen-renderer.ts";
import { SupervisedEncoder } from "./supervised-encoder.ts";

/** Past this share of macroblocks changed, a keyframe from x264 is smaller than their samples. */
const keyframeShare = 0.08;
/** x264 answers in milliseconds; one that has not answered in this long is restarted. */
const keyframeTimeoutMs = 2_000;
/** A picture loss asks for a keyframe at most this often (a browser repeats its PLI meanwhile). */
const keyframeRequestGapMs = 250;
/** The dynamic payload type written; werift re-stamps it with the negotiated one. */
const h264PayloadType = 96;
const rtpClockRate = 90_000;

/**
 * The device's H.264 stream, written the way the screen changes. A virtual device repaints a
 * few macroblocks a frame (a counter, a moving block, a touch's trail, the clock each second),
 * and the renderer knows which (ScreenRenderer.lastDamage). Each frame is a P slice that skips
 * every macroblock but those, which it carries as they are (I_PCM, h264/pcm-slice.ts): exact,
 * a few kilobytes, and some tens of microseconds to write, against an encoder's pass over the
 * whole 720x1280 picture (2–3 ms of x264 a frame, and the raw frame through a pipe).
 *
 * Keyframes come from x264 (an ffmpeg kept running, given a frame only when one is needed): the
 * first frame, a client's picture loss (RTCP PLI), and any frame that changed so much (a rotation)
 * that its samples would outweigh a compressed picture. The P slices follow the parameter sets
 * x264 sent with its keyframe (frame numbers, picture order), read from its packets; the device
 * numbers and times every packet itself, x264's and its own, as one stream.
 */
export class H264ScreenStream implements ScreenStream {
  private readonly spec: MediaPipelineSpec;
  private readonly relay: RtpRelay;
  private readonly renderer: ScreenRenderer;
  private readonly pump: FramePump;
  private readonly timeline = new InputTimeline();
  private readonly widthInMbs: number;
  private readonly heightInMbs: number;
  /** Macroblocks that may have changed since the picture the client has (or will have). */
  private readonly changed: Uint8Array;
  /** The frame as last sent, macroblock by macroblock: what the client's picture was made from. */
  private readonly sent: Buffer;
  private readonly playoutDelayId: number | undefined;
  private readonly ssrc = randomInt(1, 0xffffffff);
  private readonly timestampBase = randomInt(0, 0xffffffff);
  private sequence = randomInt(0, 0xffff);
  private readonly encoder: SupervisedEncoder;
  private sps: ReturnType<typeof parseSps> | undefined;
  private pps: ReturnType<typeof parsePps> | undefined;
  private parameters: SliceParameters | undefined;
  private frameNum = 0;
  /** The RTP timestamp of the keyframe x264 is encoding, while it does. */
  private keyframeInFlight: number | undefined;
  private keyframeWanted = true;
  private lastKeyframeRequestAt = Number.NEGATIVE_INFINITY;
  private readonly stopListeningForLoss: () => void;

  private constructor(spec: MediaPipelineSpec, relay: RtpRelay) {
    this.spec = spec;
    this.relay = relay;
    this.renderer = new ScreenRenderer(spec.width, spec.height);
    this.widthInMbs = Math.ceil(this.renderer.width / 16);
    this.heightInMbs = Math.ceil(this.renderer.height / 16);
    this.changed = new Uint8Array(this.widthInMbs * this.heightInMbs);
    this.sent = Buffer.alloc(this.renderer.layout.bytes);
    this.playoutDelayId = negotiatedPlayoutDelayId(spec.video.transceiver);
    this.encoder = new SupervisedEncoder({
      spec: {
        codec: "H264",
        width: this.renderer.width,
        height: this.renderer.height,
        fps: spec.fps,
        rtpPort: relay.port,
        mode: "keyframes",
      },
      instanceName: spec.instanceName,
      onReplaced: () => {
        relay.expectNewSource();
        this.timeline.restart();
        this.keyframeInFlight = undefined;
        this.keyframeWanted = true;
      },
      onFailure: spec.onFailure,
    });
    this.stopListeningForLoss = spec.video.transceiver.sender.onPictureLossIndication.subscribe(
      () => {
        this.onPictureLoss();
      },
    ).unSubscribe;
    this.pump = sceneFramePump(spec, this.renderer, {
      takesFrameAtOnce: true,
      writeFrame: (frame) => {
        this.onFrame(frame);
      },
    });
    this.pump.start();
  }

  static async start(spec: MediaPipelineSpec): Promise<H264ScreenStream> {
    // The relay exists before the stream that takes its packets: they meet through this.
    const receiver: { stream?: H264ScreenStream } = {};
    const relay = await RtpRelay.open(
      spec.video,
      () => undefined,
      (packet) => {
        receiver.stream?.onKeyframePacket(packet);
      },
    );
    receiver.stream = new H264ScreenStream(spec, relay);
    return receiver.stream;
  }

  inputApplied(): void {
    this.pump.expedite();
  }

  async stop(): Promise<void> {
    this.stopListeningForLoss();
    this.pump.stop();
    await this.encoder.stop();
    await this.relay.close();
  }

  private onFrame(frame: Buffer): void {
    this.markChanged(this.renderer.lastDamage);
    const timestamp = this.rtpTimestamp();
    // While x264 encodes a keyframe, the changes pile up for the first frame after it.
    if (this.keyframeInFlight !== undefined) {
      if (performance.now() - this.lastKeyframeRequestAt > keyframeTimeoutMs) {
        // Its exit is handled as a failure: a new x264, and a keyframe asked of it.
        this.encoder.kill();
      }
      return;
    }
    // The viewer's link has no room now (its network profile, its ceiling): this frame is left
    // out here, its changes kept for the next one, rather than dropped on the way, which would
    // leave the viewer's picture undecodable until a keyframe.
    if (!this.spec.video.admits()) return;
    const parameters = this.parameters;
    if (parameters !== undefined && !this.keyframeWanted) this.keepChangedOnly(frame);
    if (
      parameters === undefined ||
      this.keyframeWanted ||
      countChanged(this.changed) > keyframeShare * this.changed.length
    ) {
      this.requestKeyframe(frame, timestamp);
      return;
    }
    this.frameNum++;
    const nal = pcmSlice(
      { data: frame, width: this.renderer.width, height: this.renderer.height },
      this.changed,
      this.frameNum,
      parameters,
    );
    this.changed.fill(0);
    this.timeline.drawn(this.spec.screen.inputCount, this.spec.screen.lastInputAt, wallClock());
    const payloads = packetizeNal(nal);
    payloads.forEach((payload, index) => {
      this.send(payload, timestamp, index === payloads.length - 1);
    });
    this.reportInputShown();
  }

  /** Hands x264 a copy of the frame; its keyframe comes back through the relay. */
  private requestKeyframe(frame: Buffer, timestamp: number): void {
    this.keyframeWanted = false;
    this.lastKeyframeRequestAt = performance.now();
    this.keyframeInFlight = timestamp;
    this.changed.fill(0);
    this.frameNum = 0;
    frame.copy(this.sent);
    this.timeline.drawn(this.spec.screen.inputCount, this.spec.screen.lastInputAt, wallClock());
    this.encoder.writeFrame(Buffer.from(frame), () => undefined);
  }

  /** A packet of x264's keyframe: its parameter sets are read, and it goes out numbered as ours. */
  private onKeyframePacket(packet: Buffer): void {
    const timestamp = this.keyframeInFlight;
    if (timestamp === undefined || packet.length <= 12) return;
    const payload = packet.subarray(12 + 4 * ((packet[0] ?? 0) & 0x0f));
    for (const nal of wholeNalsOf(payload)) this.readParameterSet(nal);
    const lastOfFrame = ((packet[1] ?? 0) & 0x80) !== 0;
    this.send(payload, timestamp, lastOfFrame);
    if (!lastOfFrame) return;
    this.keyframeInFlight = undefined;
    if (this.sps && this.pps) this.parameters = { ...this.sps, ...this.pps };
    this.reportInputShown();
  }

  private readParameterSet(nal: Buffer): void {
    const type = (nal[0] ?? 0) & 0x1f;
    try {
      if (type === nalTypes.sps) {
        const sps = parseSps(nal);
        if (sps.widthInMbs !== this.widthInMbs || sps.heightInMbs !== this.heightInMbs) {
          throw new Error(`x264's picture is ${sps.widthInMbs}x${sps.heightInMbs} macroblocks`);
        }
        this.sps = sps;
      } else if (type === nalTypes.pps) {
        this.pps = parsePps(nal);
      }
    } catch (error) {
      this.spec.onFailure(`the keyframe's parameters: ${(error as Error).message}`);
    }
  }

  private onPictureLoss(): void {
    if (performance.now() - this.lastKeyframeRequestAt < keyframeRequestGapMs) return;
    this.keyframeWanted = true;
  }

  private reportInputShown(): void {
    const shown = this.timeline.encoded(wallClock());
    if (shown) this.spec.onInputShown(shown);
  }

  private send(payload: Buffer, timestamp: number, lastOfFrame: boolean): void {
    const header = Buffer.alloc(12);
    header[0] = 0x80;
    header[1] = (lastOfFrame ? 0x80 : 0) | h264PayloadType;
    header.writeUInt16BE(this.sequence, 2);
    header.writeUInt32BE(timestamp, 4);
    header.writeUInt32BE(this.ssrc, 8);
    this.sequence = (this.sequence + 1) & 0xffff;
    const packet = Buffer.concat([header, payload]);
    this.spec.video.write(
      this.playoutDelayId === undefined
        ? packet
        : withZeroPlayoutDelay(packet, this.playoutDelayId),
    );
  }

  /** The capture time on RTP's 90 kHz clock. */
  private rtpTimestamp(): number {
    return (this.timestampBase + Math.round((performance.now() * rtpClockRate) / 1000)) >>> 0;
  }

  /**
   * Keeps, of the macroblocks the damage touched, those whose samples differ from what was last
   * sent for them (a repainted rectangle is mostly the same pixels), and notes them as sent.
   */
  private keepChangedOnly(frame: Buffer): void {
    const { width, height } = this.renderer;
    for (let mb = 0; mb < this.changed.length; mb++) {
      if (this.changed[mb] !== 1) continue;
      const x = mb % this.widthInMbs;
      const y = Math.floor(mb / this.widthInMbs);
      if (syncMacroblock(frame, this.sent, width, height, x, y)) this.changed[mb] = 0;
    }
  }

  private markChanged(damage: readonly Rect[]): void {
    for (const rect of damage) {
      const left = Math.floor(rect.x / 16);
      const right = Math.ceil((rect.x + rect.width) / 16);
      const top = Math.floor(rect.y / 16);
      const bottom = Math.ceil((rect.y + rect.height) / 16);
      for (let y = top; y < Math.min(bottom, this.heightInMbs); y++) {
        this.changed.fill(1, y * this.widthInMbs + left, y * this.widthInMbs + right);
      }
    }
  }
}

/**
 * Compares a macroblock of `frame` with `sent` (both yuv420p of this size) and copies it over.
 * True when they were the same already.
 */
function syncMacroblock(
  frame: Buffer,
  sent: Buffer,
  width: number,
  height: number,
  mbX: number,
  mbY: number,
): boolean {
  let same = true;
  const chromaWidth = width >> 1;
  const planes = [
    { offset: 0, planeWidth: width, planeHeight: height, size: 16 },
    { offset: width * height, planeWidth: chromaWidth, planeHeight: height >> 1, size: 8 },
    {
      offset: width * height + chromaWidth * (height >> 1),
      planeWidth: chromaWidth,
      planeHeight: height >> 1,
      size: 8,
    },
  ];
  for (const { offset, planeWidth, planeHeight, size } of planes) {
    const left = mbX * size;
    const right = Math.min(left + size, planeWidth);
    for (let row = mbY * size; row < Math.min((mbY + 1) * size, planeHeight); row++) {
      const start = offset + row * planeWidth + left;
      const end = offset + row * planeWidth + right;
      if (same && frame.compare(sent, start, end, start, end) !== 0) same = false;
      if (!same) frame.copy(sent, start, start, end);
    }
  }
  return same;
}

function countChanged(changed: Uint8Array): number {
  let count = 0;
  for (const value of changed) count += value;
  return count;
}
