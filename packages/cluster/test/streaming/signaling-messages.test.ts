import { describe, expect, it } from "vitest";
import { parseSignalingMessage, serverMessages } from "../../src/streaming/signaling-messages.ts";

const base64 = (text: string): string => Buffer.from(text).toString("base64");

describe("parseSignalingMessage", () => {
  it("reads discover and the SDK's v2 settings", () => {
    expect(parseSignalingMessage('{"type":"discover"}')).toEqual({
      ok: true,
      message: { type: "discover" },
    });
    const settings = {
      type: "settings",
      api_version: 2,
      data_channels: ["foo"],
      enable_speaker: true,
      enable_microphone: false,
      enable_video: true,
      enable_camera: false,
      device_type: "phone",
      video: { preferred_decoder_codecs: ["VP8"] },
    };
    expect(parseSignalingMessage(JSON.stringify(settings))).toEqual({
      ok: true,
      message: {
        type: "settings",
        apiVersion: 2,
        dataChannels: ["foo"],
        enableVideo: true,
        enableSpeaker: true,
        preferredCodecs: ["VP8"],
      },
    });
    // API v1 settings (the SDK sends no more): the client's offer follows, which says the rest.
    expect(parseSignalingMessage('{"type":"settings","api_version":1}')).toEqual({
      ok: true,
      message: {
        type: "settings",
        apiVersion: 1,
        dataChannels: [],
        enableVideo: true,
        enableSpeaker: false,
        preferredCodecs: [],
      },
    });
  });

  it("decodes the answer's (v2) or offer's (v1) SDP and candidates", () => {
    const sdp = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n";
    expect(parseSignalingMessage(JSON.stringify({ type: "answer", sdp: base64(sdp) }))).toEqual({
      ok: true,
      message: { type: "answer", sdp },
    });
    // The SDK's v1 offer also names its data channels, which its SDP carries anyway.
    const offerSdp = `${sdp}m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n`;
    const offer = { type: "offer", sdp: base64(offerSdp), dataChannels: ["foo"] };
    expect(parseSignalingMessage(JSON.stringify(offer))).toEqual({
      ok: true,
      message: { type: "offer", sdp: offerSdp },
    });
    const line = "candidate:1 1 udp 2113937151 127.0.0.1 50000 typ host";
    expect(
      parseSignalingMessage(
        JSON.stringify({
          type: "candidate",
          candidate: base64(line),
          sdpMid: "0",
          sdpMLineIndex: 0,
        }),
      ),
    ).toEqual({
      ok: true,
      message: { type: "candidate", candidate: line, sdpMid: "0", sdpMLineIndex: 0 },
    });
    expect(
      parseSignalingMessage(JSON.stringify({ type: "candidate", candidate: "", sdpMid: null })),
    ).toEqual({
      ok: true,
      message: { type: "candidate", candidate: "", sdpMid: undefined, sdpMLineIndex: undefined },
    });
  });

  it("refuses malformed messages, saying what is wrong", () => {
    const refusals: [unknown, RegExp][] = [
      ["not json", /JSON/],
      [[1, 2], /JSON object/],
      [{ kind: "discover" }, /type/],
      [{ type: "hello" }, /unknown message type "hello"/],
      [{ type: "settings" }, /settings: api_version/],
      [{ type: "settings", api_version: 3 }, /api_version 3 is not supported \(at most 2\)/],
      [{ type: "settings", api_version: 0 }, /api_version/],
      [{ type: "settings", api_version: 2, data_channels: "x" }, /data_channels/],
      [
        { type: "settings", api_version: 2, data_channels: ["a", "b", "c", "d", "e", "f"] },
        /at most 5/,
      ],
      [{ type: "settings", api_version: 2, enable_video: "yes" }, /enable_video/],
      [{ type: "answer" }, /answer: sdp/],
      [{ type: "answer", sdp: "not base64!" }, /base64/],
      [{ type: "answer", sdp: base64("hello") }, /session description/],
      [{ type: "candidate", candidate: base64("a cat") }, /ICE candidate/],
      [{ type: "candidate", candidate: 5 }, /candidate/],
      [{ type: "offer", sdp: base64("hello") }, /offer: sdp does not decode/],
      [{ type: "offer" }, /offer: sdp/],
      [{ type: "offer", sdp: base64("v=0\r\n") }, /offer: the offer has no data channel/],
    ];
    for (const [input, error] of refusals) {
      const text = typeof input === "string" ? input : JSON.stringify(input);
      const parsed = parseSignalingMessage(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error, text).toMatch(error);
    }
  });
});

describe("serverMessages", () => {
  it("speaks the SDK's wire format", () => {
    expect(serverMessages.discovered(60)).toEqual({
      type: "resp:discover",
      max_api_version: 2,
      fps: 60,
      capabilities: [],
    });
    expect(serverMessages.offer("v=0\r\n")).toEqual({ type: "offer", sdp: base64("v=0\r\n") });
    expect(serverMessages.answer("v=0\r\n")).toEqual({ type: "answer", sdp: base64("v=0\r\n") });
    expect(serverMessages.candidate("candidate:1", "0", 0)).toEqual({
      type: "candidate",
      candidate: base64("candidate:1"),
      sdpMid: "0",
      sdpMLineIndex: 0,
    });
    expect(serverMessages.error("bad")).toEqual({ type: "error", message: "bad" });
  });
});
