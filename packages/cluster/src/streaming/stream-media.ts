import { AudioSender } from "./audio-sender.ts";
import type { DeviceScreen } from "./device-screen.ts";
import { deviceSounds, type DeviceSoundName } from "./device-sounds.ts";
import type { InputShown } from "./input-timeline.ts";
import type { ScreenStream } from "./media-pipeline-spec.ts";
import { startScreenStream } from "./screen-stream.ts";
import type { StreamScreenSpec } from "./screen-spec.ts";
import type { StreamPeer } from "./stream-peer.ts";
import type { VideoCodec } from "./video-codecs.ts";
import { describeError } from "./describe-error.ts";

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
    const { host } = this;
    const video = peer?.video;
    if (!this.media && video && codec) {
      this.media = startScreenStream({
        instanceName: host.spec.instanceName,
        source: host.spec.source,
        width: host.spec.width,
        height: host.spec.height,
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
    const audio = peer?.audio;
    if (!this.sound && audio) this.sound = this.startSound(audio.write);
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
