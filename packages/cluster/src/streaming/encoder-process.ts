import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { h264Level, type VideoCodec } from "./video-codecs.ts";

/** Debian's ffmpeg (package `ffmpeg`), which carries libx264 and libvpx. */
export const ffmpegPath = "/usr/bin/ffmpeg";

export interface EncoderSpec {
  codec: VideoCodec;
  /** The frame's size (even sides: frames come as yuv420p). */
  width: number;
  height: number;
  fps: number;
  /** The loopback UDP port the RTP goes to. */
  rtpPort: number;
  /**
   * "stream": every frame, rate-controlled (VP8). "keyframes": only the frames it is given, each a
   * keyframe at a constant quality (H.264, whose other frames the device writes itself:
   * h264-screen-stream.ts).
   */
  mode: "stream" | "keyframes";
}

/** 1.5 Mbit/s carried 720x1280 at 30 fps well (notes/streaming.md); other screens scale from it. */
const bitsPerPixel = 1_500_000 / (720 * 1280 * 30);

export function encoderBitrate(width: number, height: number, fps: number): number {
  const bits = width * height * fps * bitsPerPixel;
  return Math.min(Math.max(Math.round(bits / 1000) * 1000, 300_000), 8_000_000);
}

/** Seconds between keyframes: a safety net only, as a picture loss starts a new encoder. */
const keyframeIntervalSeconds = 10;
/** x264's constant rate factor for keyframes: sharp text, some 20 KB for a 720x1280 screen. */
const keyframeQuality = 23;

/**
 * ffmpeg's arguments: raw yuv420p frames on stdin at the screen's size and rate, encoded for real
 * time, out as RTP to the relay. Keyframes are rare: the first frame is one, and a viewer that
 * lost a picture gets one from a new encoder (media-pipeline.ts).
 */
export function encoderArguments(spec: EncoderSpec): string[] {
  const { width, height, fps } = spec;
  const bitrate = encoderBitrate(width, height, fps);
  const interval = String(spec.mode === "keyframes" ? 1 : fps * keyframeIntervalSeconds);
  const keyframes = ["-g", interval, "-keyint_min", interval];
  const rate = [`-b:v`, `${bitrate / 1000}k`, "-maxrate", `${bitrate / 1000}k`];
  const codec =
    spec.codec === "H264"
      ? [
          ["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency"],
          ["-profile:v", "baseline", "-level", h264Level(width, height, fps).name],
          keyframes,
          ["-sc_threshold", "0"],
          // A keyframe now and then has no rate to keep: its quality is what matters.
          spec.mode === "keyframes"
            ? ["-crf", String(keyframeQuality)]
            : [...rate, "-bufsize", `${Math.round(bitrate / 3000)}k`],
        ].flat()
      : [
          // cpu-used 16 (libvpx's fastest) halves ffmpeg's share against 8 on this mostly still
          // screen, with no visible loss.
          ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "16"],
          ["-lag-in-frames", "0", "-auto-alt-ref", "0", "-error-resilient", "1"],
          keyframes,
          rate,
          [
            "-minrate",
            `${Math.round(bitrate / 3000)}k`,
            "-bufsize",
            `${Math.round(bitrate / 3000)}k`,
          ],
        ].flat();
  return [
    ["-hide_banner", "-loglevel", "error"],
    ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", `${width}x${height}`, "-r", String(fps)],
    ["-i", "pipe:0", "-an"],
    codec,
    ["-threads", "1"],
    // 1200-byte packets leave room for werift's header extensions and the SRTP tag. RTCP sender
    // reports go to the same port (where the relay drops them) rather than to port + 1, which may
    // be another stream's relay.
    ["-f", "rtp", `rtp://127.0.0.1:${spec.rtpPort}?pkt_size=1200&rtcpport=${spec.rtpPort}`],
  ].flat();
}

/** One ffmpeg encoding a stream's frames. */
export class EncoderProcess {
  private readonly child: ChildProcessByStdio<Writable, null, Readable>;
  private errorOutput = "";
  /** Settles with the exit code (null when killed) once the process is gone and reaped. */
  readonly exited: Promise<number | null>;

  constructor(spec: EncoderSpec) {
    this.child = spawn(ffmpegPath, encoderArguments(spec), {
      stdio: ["pipe", "ignore", "pipe"],
      // Its own process group: a Ctrl-C or a SIGTERM to the cluster's group is the cluster's to
      // handle (it stops its encoders in order); were the cluster killed outright, ffmpeg would
      // still end, at the end of its input.
      detached: true,
    });
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      this.errorOutput = (this.errorOutput + chunk).slice(-2_000);
    });
    // A frame written as ffmpeg exits fails with EPIPE; the exit itself is what matters.
    this.child.stdin.on("error", () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("close", (code) => {
        resolve(code);
      });
      this.child.once("error", () => {
        resolve(null);
      });
    });
  }

  /** What ffmpeg last wrote on stderr (why it failed, when it did). */
  get diagnostics(): string {
    return this.errorOutput.trim();
  }

  /** Hands a frame to ffmpeg; `written` runs once the pipe has taken it (the buffer is free). */
  writeFrame(frame: Buffer, written: () => void): void {
    if (!this.child.stdin.writable) {
      written();
      return;
    }
    this.child.stdin.write(frame, () => {
      written();
    });
  }

  /** Kills ffmpeg and waits until it is reaped. */
  async stop(): Promise<void> {
    this.child.stdin.destroy();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGKILL");
    }
    await this.exited;
  }
}
