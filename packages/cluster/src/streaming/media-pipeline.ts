import { EncoderProcess } from "./encoder-process.ts";
import { FramePump } from "./frame-pump.ts";
import { InputTimeline, wallClock } from "./input-timeline.ts";
import type { MediaPipelineSpec, ScreenStream } from "./media-pipeline-spec.ts";
import { RtpRelay } from "./rtp-relay.ts";
import { ScreenRenderer } from "./screen-renderer.ts";
import { buildScene } from "./screen-scene.ts";

/** An encoder that ran at least this long before it died is restarted; sooner, it counts as failing. */
const healthyRunMs = 5_000;
const maxQuickFailures = 3;
/** A picture loss restarts the encoder at most this often (a browser repeats its PLI meanwhile). */
const keyframeRestartGapMs = 1_000;

/**
 * The screen drawn, encoded and sent as VP8: renderer → frame pump → ffmpeg → RTP relay → werift
 * track (H.264 is written from the screen's changes instead: h264-screen-stream.ts).
 * It runs while a viewer is connected; stop() leaves no process and no socket behind.
 *
 * ffmpeg cannot be asked for a keyframe through its input, but a new encoder starts with one: a
 * picture loss indication (PLI) from the client starts a new encoder, and the keyframe follows in
 * about a tenth of a second. So the encoder needs no short keyframe interval (a keyframe costs
 * as much to encode and send as a dozen frames of this mostly still screen).
 */
export class MediaPipeline implements ScreenStream {
  private readonly spec: MediaPipelineSpec;
  private readonly relay: RtpRelay;
  private readonly renderer: ScreenRenderer;
  private readonly pump: FramePump;
  private readonly timeline: InputTimeline;
  private encoder: EncoderProcess;
  private encoderStartedAt = 0;
  private quickFailures = 0;
  private stopping = false;
  private readonly stopListeningForLoss: () => void;

  private constructor(spec: MediaPipelineSpec, relay: RtpRelay, timeline: InputTimeline) {
    this.spec = spec;
    this.relay = relay;
    this.timeline = timeline;
    this.renderer = new ScreenRenderer(spec.width, spec.height);
    this.encoder = this.startEncoder();
    this.stopListeningForLoss = spec.video.transceiver.sender.onPictureLossIndication.subscribe(
      () => {
        this.keyframeWanted();
      },
    ).unSubscribe;
    this.pump = new FramePump(
      spec.fps,
      (frameNumber, now) => {
        const frame = this.renderer.render(
          buildScene({
            width: spec.width,
            height: spec.height,
            fps: spec.fps,
            density: spec.density,
            instanceName: spec.instanceName,
            source: spec.source,
            screen: spec.screen,
            now,
            frameNumber,
          }),
        );
        this.timeline.drawn(spec.screen.inputCount, spec.screen.lastInputAt, wallClock());
        return frame;
      },
      {
        writeFrame: (frame, written) => {
          this.encoder.writeFrame(frame, written);
        },
      },
    );
    this.pump.start();
  }

  static async start(spec: MediaPipelineSpec): Promise<MediaPipeline> {
    const timeline = new InputTimeline();
    const relay = await RtpRelay.open(spec.video, () => {
      const shown = timeline.encoded(wallClock());
      if (shown) spec.onInputShown(shown);
    });
    return new MediaPipeline(spec, relay, timeline);
  }

  /** Input was applied to the screen: show it in a frame now (FramePump.expedite). */
  inputApplied(): void {
    this.pump.expedite();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopListeningForLoss();
    this.pump.stop();
    await this.encoder.stop();
    await this.relay.close();
  }

  /** The client lost a picture (RTCP PLI): a new encoder, which starts with a keyframe. */
  keyframeWanted(): void {
    if (this.stopping || Date.now() - this.encoderStartedAt < keyframeRestartGapMs) return;
    const retired = this.encoder;
    this.replaceEncoder();
    void retired.stop();
  }

  private replaceEncoder(): void {
    this.relay.expectNewSource();
    this.timeline.restart();
    this.encoder = this.startEncoder();
  }

  private startEncoder(): EncoderProcess {
    const { codec, fps } = this.spec;
    const { width, height } = this.renderer;
    const encoder = new EncoderProcess({
      codec,
      width,
      height,
      fps,
      rtpPort: this.relay.port,
      mode: "stream",
    });
    this.encoderStartedAt = Date.now();
    void encoder.exited.then((code) => {
      this.onEncoderExit(encoder, code);
    });
    return encoder;
  }

  private onEncoderExit(encoder: EncoderProcess, code: number | null): void {
    if (this.stopping || encoder !== this.encoder) return;
    const why = `ffmpeg exited (${code ?? "killed"}): ${encoder.diagnostics || "no message"}`;
    console.warn(`stream of ${this.spec.instanceName}: ${why}`);
    this.quickFailures =
      Date.now() - this.encoderStartedAt < healthyRunMs ? this.quickFailures + 1 : 0;
    if (this.quickFailures >= maxQuickFailures) {
      this.spec.onFailure(why);
      return;
    }
    this.replaceEncoder();
  }
}
