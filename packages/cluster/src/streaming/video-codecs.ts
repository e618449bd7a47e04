import { RTCRtpCodecParameters, useH264, useVP8 } from "werift";

/** The codecs this device encodes, in its own order of preference. */
export const videoCodecs = ["H264", "VP8"] as const;
export type VideoCodec = (typeof videoCodecs)[number];

/** H.264 levels (Rec. ITU-T H.264 table A-1): frame size and rate limits, in macroblocks. */
const h264Levels = [
  { name: "3.1", idc: 31, maxFrameMacroblocks: 3_600, maxMacroblocksPerSecond: 108_000 },
  { name: "3.2", idc: 32, maxFrameMacroblocks: 5_120, maxMacroblocksPerSecond: 216_000 },
  { name: "4.0", idc: 40, maxFrameMacroblocks: 8_192, maxMacroblocksPerSecond: 245_760 },
  { name: "4.2", idc: 42, maxFrameMacroblocks: 8_704, maxMacroblocksPerSecond: 522_240 },
  { name: "5.0", idc: 50, maxFrameMacroblocks: 22_080, maxMacroblocksPerSecond: 589_824 },
  { name: "5.1", idc: 51, maxFrameMacroblocks: 36_864, maxMacroblocksPerSecond: 983_040 },
  { name: "5.2", idc: 52, maxFrameMacroblocks: 36_864, maxMacroblocksPerSecond: 2_073_600 },
] as const;

export interface H264Level {
  /** As x264 takes it ("3.1"). */
  name: string;
  /** level_idc, as in the SDP profile-level-id ("42e01f" is level 31). */
  idc: number;
}

/**
 * The lowest H.264 level that carries this screen: 3.1 up to 720x1280 at 30 fps, 4.x above
 * (1080p at 30 fps is 4.0, at 60 fps 4.2), 5.x for the largest screens. Each side must also stay
 * within √(8 × frame size) macroblocks.
 */
export function h264Level(width: number, height: number, fps: number): H264Level {
  const across = Math.ceil(width / 16);
  const down = Math.ceil(height / 16);
  const frame = across * down;
  const level =
    h264Levels.find(
      (candidate) =>
        frame <= candidate.maxFrameMacroblocks &&
        frame * fps <= candidate.maxMacroblocksPerSecond &&
        Math.max(across, down) <= Math.sqrt(8 * candidate.maxFrameMacroblocks),
    ) ?? h264Levels[h264Levels.length - 1];
  return { name: level?.name ?? "5.2", idc: level?.idc ?? 52 };
}

/**
 * The order to offer codecs in: those the client prefers (`video.preferred_decoder_codecs`, any
 * case), in its order, then the rest in this device's order (H.264 first). Codecs the client names
 * that this device cannot encode (AV1, VP9) are passed over.
 */
export function videoCodecOrder(preferred: readonly string[]): VideoCodec[] {
  const wanted = preferred
    .map((name) => videoCodecs.find((codec) => codec === name.toUpperCase()))
    .filter((codec) => codec !== undefined);
  return [...new Set([...wanted, ...videoCodecs])];
}

/** The SDP parameters offered for a codec: H.264 constrained baseline, packetization mode 1. */
export function codecParameters(
  codec: VideoCodec,
  screen: { width: number; height: number; fps: number },
): RTCRtpCodecParameters {
  if (codec === "VP8") return useVP8();
  const level = h264Level(screen.width, screen.height, screen.fps);
  const profileLevelId = `42e0${level.idc.toString(16).padStart(2, "0")}`;
  return useH264({
    parameters: `profile-level-id=${profileLevelId};packetization-mode=1;level-asymmetry-allowed=1`,
  });
}

/** The codec a negotiated MIME type ("video/H264") names, if this device encodes it. */
export function codecFromMimeType(mimeType: string | undefined): VideoCodec | undefined {
  const name = mimeType?.split("/")[1]?.toUpperCase();
  return videoCodecs.find((codec) => codec === name);
}
