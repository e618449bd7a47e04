import { describe, expect, it } from "vitest";
import {
  codecFromMimeType,
  codecParameters,
  h264Level,
  videoCodecOrder,
} from "../../src/streaming/video-codecs.ts";
import { encoderArguments, encoderBitrate } from "../../src/streaming/encoder-process.ts";

describe("h264Level", () => {
  it("picks the lowest level that carries the screen", () => {
    expect(h264Level(720, 1280, 30)).toEqual({ name: "3.1", idc: 31 });
    expect(h264Level(1280, 720, 30)).toEqual({ name: "3.1", idc: 31 });
    expect(h264Level(720, 1280, 60)).toEqual({ name: "3.2", idc: 32 });
    expect(h264Level(1080, 1920, 30)).toEqual({ name: "4.0", idc: 40 });
    expect(h264Level(1920, 1080, 60)).toEqual({ name: "4.2", idc: 42 });
    expect(h264Level(3840, 2160, 30)).toEqual({ name: "5.1", idc: 51 });
    expect(h264Level(3840, 2160, 60)).toEqual({ name: "5.2", idc: 52 });
  });
});

describe("videoCodecOrder", () => {
  it("puts H.264 first unless the client prefers otherwise", () => {
    expect(videoCodecOrder([])).toEqual(["H264", "VP8"]);
    expect(videoCodecOrder(["VP8"])).toEqual(["VP8", "H264"]);
    expect(videoCodecOrder(["av1", "vp8", "h264"])).toEqual(["VP8", "H264"]);
    expect(videoCodecOrder(["VP9"])).toEqual(["H264", "VP8"]);
  });
});

describe("codecParameters", () => {
  it("offers constrained baseline H.264 in packetization mode 1, at the screen's level", () => {
    const small = codecParameters("H264", { width: 720, height: 1280, fps: 30 });
    expect(small.mimeType).toBe("video/H264");
    expect(small.parameters).toContain("profile-level-id=42e01f");
    expect(small.parameters).toContain("packetization-mode=1");
    expect(codecParameters("H264", { width: 1080, height: 1920, fps: 30 }).parameters).toContain(
      "profile-level-id=42e028",
    );
    expect(codecParameters("VP8", { width: 720, height: 1280, fps: 30 }).mimeType).toBe(
      "video/VP8",
    );
  });

  it("maps negotiated MIME types back to codecs", () => {
    expect(codecFromMimeType("video/H264")).toBe("H264");
    expect(codecFromMimeType("video/vp8")).toBe("VP8");
    expect(codecFromMimeType("video/AV1")).toBeUndefined();
    expect(codecFromMimeType(undefined)).toBeUndefined();
  });
});

describe("encoderArguments", () => {
  const spec = { width: 720, height: 1280, fps: 30, rtpPort: 40_000 };

  it("encodes H.264 keyframes, each frame it is given, at a constant quality and the SDP's level", () => {
    const args = encoderArguments({ ...spec, codec: "H264", mode: "keyframes" }).join(" ");
    expect(args).toContain("-f rawvideo -pix_fmt yuv420p -s 720x1280 -r 30 -i pipe:0");
    expect(args).toContain("-c:v libx264 -preset ultrafast -tune zerolatency");
    expect(args).toContain("-profile:v baseline -level 3.1");
    expect(args).toContain("-g 1 -keyint_min 1");
    expect(args).toContain("-crf 23");
    expect(args).not.toContain("-b:v");
    expect(args).toContain("rtp://127.0.0.1:40000?pkt_size=1200&rtcpport=40000");
    expect(
      encoderArguments({ ...spec, codec: "H264", mode: "keyframes", width: 1080, height: 1920 }),
    ).toContain("4.0");
  });

  it("encodes VP8 for real time, rate-controlled, a keyframe every ten seconds", () => {
    const args = encoderArguments({ ...spec, codec: "VP8", mode: "stream", fps: 60 }).join(" ");
    expect(args).toContain("-c:v libvpx -deadline realtime");
    expect(args).toContain("-g 600 -keyint_min 600");
    expect(args).toContain("-b:v 3000k");
    expect(args).not.toContain("libx264");
  });

  it("scales the bitrate with the pixel rate, within bounds", () => {
    expect(encoderBitrate(720, 1280, 30)).toBe(1_500_000);
    expect(encoderBitrate(1080, 1920, 30)).toBe(3_375_000);
    expect(encoderBitrate(320, 240, 15)).toBe(300_000);
    expect(encoderBitrate(3840, 2160, 60)).toBe(8_000_000);
  });
});
