import type { FramePump } from "./frame-pump.ts";
import { InputTimeline, wallClock } from "./input-timeline.ts";
import type { MediaPipelineSpec, ScreenStream } from "./media-pipeline-spec.ts";
import { RtpRelay } from "./rtp-relay.ts";
import { sceneFramePump } from "./scene-frame-pump.ts";
import { ScreenRenderer } from "./screen-renderer.ts";
import { SupervisedEncoder } from "./supervised-encoder.ts";

/** A picture loss restarts the encoder at most this often (a browser repeats its PLI meanwhile). */
const keyframeRestartGapMs = 1_000;

/**
 * The screen drawn, encoded and sent as VP8: renderer → frame pump → ffmpeg → RTP relay → werift
 * track (H.264 is written from the screen's changes instead: h264-screen-stream.ts).
 * It runs while a viewer is connected; stop() leaves no process and no socket behind.
 *
 * ffmpeg cannot be asked for a keyframe through its input, but a new encoder starts with one: a
 * picture loss indication (PLI) from the client starts a new encoder, and the keyframe follows in
 * about a tenth of a second. So the encoder needs no short keyframe interval.
 */
export class MediaPipeline implements ScreenStream {
  private readonly relay: RtpRelay;
  private readonly pump: FramePump;
  private readonly encoder: SupervisedEncoder;
  private readonly stopListeningForLoss: () => void;

  private constructor(spec: MediaPipelineSpec, relay: RtpRelay, timeline: InputTimeline) {
    this.relay = relay;
    const renderer = new ScreenRenderer(spec.width, spec.height);
    this.encoder = new SupervisedEncoder({
      spec: {
        codec: spec.codec,
        width: renderer.width,
        height: renderer.height,
        fps: spec.fps,
        rtpPort: relay.port,
        mode: "stream",
      },
      instanceName: spec.instanceName,
      onReplaced: () => {
        relay.expectNewSource();
        timeline.restart();
      },
      onFailure: spec.onFailure,
    });
    this.stopListeningForLoss = spec.video.transceiver.sender.onPictureLossIndication.subscribe(
      () => {
        if (Date.now() - this.encoder.runningSince >= keyframeRestartGapMs) this.encoder.replace();
      },
    ).unSubscribe;
    this.pump = sceneFramePump(
      spec,
      renderer,
      {
        writeFrame: (frame, written) => {
          // No room on the viewer's link now: the encoder is not given the frame at all, so
          // that what it sends always decodes (a frame dropped on the way would not).
          if (!spec.video.admits()) {
            written();
            return;
          }
          this.encoder.writeFrame(frame, written);
        },
      },
      () => {
        timeline.drawn(spec.screen.inputCount, spec.screen.lastInputAt, wallClock());
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

  inputApplied(): void {
    this.pump.expedite();
  }

  async stop(): Promise<void> {
    this.stopListeningForLoss();
    this.pump.stop();
    await this.encoder.stop();
    await this.relay.close();
  }
}
