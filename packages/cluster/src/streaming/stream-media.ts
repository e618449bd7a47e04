import { AudioSender } from "./audio-sender.ts";
import type { DeviceScreen } from "./device-screen.ts";
import { deviceSounds, type DeviceSoundName } from "./device-sounds.ts";
import type { InputShown } from "./input-timeline.ts";
import type { ScreenStream } from "./media-pipeline-spec.ts";
import { startScreenStream } from "./screen-stream.ts";
import type { StreamScreenSpec } from "./screen-spec.ts";
import type { SendingTrack, StreamPeer } from "./stream-peer.ts";
import { scaledSide } from "@anbox-dashboard/contract";
import type { VideoCodec } from "./video-codecs.ts";
import { describeError } from "./describe-error.ts";

/** A viewer's picture changes size at most this often (each change starts a new encoder). */
const rescaleGapMs = 1_000;

/** What the media of a stream reports to its session. */
export interface StreamMediaHost {
  spec: StreamScreenSpec;
  screen: DeviceScreen;
  /** The screen's pipeline failed or did not start: the stream ends. */
  fail(why: string): void;
  inputShown(shown: InputShown): void;
}

/**
 * The media of one connected stream: the screen's pipeline (encoder and frames) on the video
 * track and the device's sound on the audio track, started once the peer connects, stopped once
 * for good. The picture matters more than the sound: without sound the stream goes on, silent.
 */
export class StreamMedia {
  private readonly host: StreamMediaHost;
  private media: Promise<ScreenStream | undefined> | undefined;
  /** The pipeline once it runs, for input to reach it without waiting on a promise. */
  private pipeline: ScreenStream | undefined;
  private sound: Promise<AudioSender | undefined> | undefined;
  /** Set once the media is stopped for good: it never starts again. */
  private stopping: Promise<void> | undefined;
  /** The picture's size as a share of the device's screen (stream::quality). */
  private scale = 1;
  /** What the screen's pipeline streams on, kept for a new pipeline at another size. */
  private track: { video: SendingTrack; codec: VideoCodec } | undefined;
  /** Rescales, one after the other. */
  private rescaling: Promise<unknown> = Promise.resolve();
  /** The scale last asked for, and when the picture last changed size. */
  private wantedScale = 1;
  private rescaledAt = 0;

  constructor(host: StreamMediaHost) {
    this.host = host;
  }

  /** Whether any of it started (the stream log says when it ends). */
  get started(): boolean {
    return this.media !== undefined || this.sound !== undefined;
  }

  /** Stopped for good: it never starts again. */
  get stopped(): boolean {
    return this.stopping !== undefined;
  }

  /** Starts what the peer has tracks for and is not running yet. */
  start(peer: StreamPeer | undefined, codec: VideoCodec | undefined): void {
    if (this.stopping) return;
    const video = peer?.video;
    if (!this.media && video && codec) this.startVideo(video, codec);
    const audio = peer?.audio;
    if (!this.sound && audio) this.sound = this.startSound(audio.write);
  }

  /** The picture's size in pixels at the current scale. */
  get size(): { width: number; height: number } {
    const { width, height } = this.host.spec;
    return { width: scaledSide(width, this.scale), height: scaledSide(height, this.scale) };
  }

  /**
   * The picture at `scale` of the device's screen from now on: a new pipeline on the same track
   * (its first frame a keyframe of the new size), the peer untouched. Before the media starts,
   * it starts at that size. Its size once applied.
   */
  rescale(scale: number): Promise<{ width: number; height: number }> {
    this.wantedScale = scale;
    const next = this.rescaling.then(async () => {
      // At most one new pipeline a second, at the size last asked for: a burst of requests
      // starts one encoder, not one each.
      const wait = this.rescaledAt + rescaleGapMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.wantedScale === this.scale || this.stopping) return this.size;
      this.scale = this.wantedScale;
      this.rescaledAt = Date.now();
      const running = this.media;
      const track = this.track;
      if (running === undefined || track === undefined) return this.size;
      this.pipeline = undefined;
      this.media = undefined;
      await (await running)?.stop();
      // Stopped for good meanwhile: no new pipeline.
      if (this.stopped) return this.size;
      track.video.sourceChanged();
      this.startVideo(track.video, track.codec);
      return this.size;
    });
    this.rescaling = next.catch(() => undefined);
    return next;
  }

  private startVideo(video: SendingTrack, codec: VideoCodec): void {
    const { host } = this;
    this.track = { video, codec };
    const { width, height } = this.size;
    this.media = startScreenStream({
      instanceName: host.spec.instanceName,
      source: host.spec.source,
      width,
      height,
      scale: this.scale,
      fps: host.spec.fps,
      density: host.spec.density,
      codec,
      video,
      screen: host.screen,
      onFailure: (why) => {
        host.fail(why);
      },
      onInputShown: (shown) => {
        host.inputShown(shown);
      },
    }).then(
      (pipeline) => {
        if (!this.stopping) this.pipeline = pipeline;
        return pipeline;
      },
      (error: unknown) => {
        host.fail(`the media pipeline did not start: ${describeError(error)}`);
        return undefined;
      },
    );
  }

  /** An input reached the device: the pipeline marks it. */
  inputApplied(): void {
    this.pipeline?.inputApplied();
  }

  play(sound: DeviceSoundName): void {
    void this.sound?.then((sender) => sender?.play(sound));
  }

  /** Stops the encoder, the frames it is fed and the sound. Runs once; every caller gets the same. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.pipeline = undefined;
      try {
        (await this.sound)?.stop();
        const media = await this.media;
        await media?.stop();
      } catch (error) {
        console.warn(
          `stream of ${this.host.spec.instanceName}: stopping media: ${describeError(error)}`,
        );
      }
    })();
    return this.stopping;
  }

  private startSound(write: (packet: Buffer) => void): Promise<AudioSender | undefined> {
    return deviceSounds().then(
      (sounds) => {
        if (this.stopping) return undefined;
        const sender = new AudioSender(write, sounds);
        sender.start();
        return sender;
      },
      (error: unknown) => {
        console.warn(`stream of ${this.host.spec.instanceName}: no sound: ${describeError(error)}`);
        return undefined;
      },
    );
  }
}
