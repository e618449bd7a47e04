import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  disconnectedGraceMs,
  endReasons,
  signalingTimeoutMs,
  StreamSignalingClient,
  type SignalingEvents,
} from "./signaling-client.ts";
import type { StreamConnection } from "./stream-connection.ts";
import {
  fakeAnswerSdp,
  fakeEnvironment,
  FakeMediaStream,
  flushPromises,
} from "./webrtc-fakes.test-support.ts";

const offerSdp = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n";
const remoteCandidate = "candidate:1 1 udp 2130706431 127.0.0.1 40000 typ host";
const iceServers: RTCIceServer[] = [{ urls: ["stun:stun.example:3478"] }];

function setUp(connection: StreamConnection = { signalingUrl: "/signaling/s-1", iceServers }) {
  const fakes = fakeEnvironment();
  const events = {
    onStream: vi.fn<SignalingEvents["onStream"]>(),
    onConnected: vi.fn<SignalingEvents["onConnected"]>(),
    onEnded: vi.fn<SignalingEvents["onEnded"]>(),
    onControlMessage: vi.fn<NonNullable<SignalingEvents["onControlMessage"]>>(),
  };
  const client = new StreamSignalingClient(connection, events, fakes.environment);
  client.start();
  return { client, events, ...fakes };
}

/** Runs the signaling up to the answer, as a well-behaved server would. */
async function negotiate(fakes: ReturnType<typeof setUp>) {
  const socket = fakes.socket();
  socket.serverOpens();
  socket.serverSends({ type: "resp:discover", max_api_version: 2, fps: 30, capabilities: [] });
  socket.serverSends({ type: "offer", sdp: btoa(offerSdp) });
  await flushPromises();
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("StreamSignalingClient", () => {
  it("resolves a path against the page's address, https becoming wss", () => {
    const fakes = setUp();
    expect(fakes.socket().url).toBe("wss://dashboard.example/signaling/s-1");
  });

  it("creates the peer and the control channel before sending discover, then settings", () => {
    const fakes = setUp();
    const socket = fakes.socket();
    expect(fakes.log).toEqual(["websocket wss://dashboard.example/signaling/s-1"]);

    socket.serverOpens();
    expect(fakes.log.slice(1)).toEqual(["peer created", "data channel control", "send discover"]);
    expect(fakes.peer().configuration).toEqual({ iceServers });
    expect(socket.sent).toEqual([{ type: "discover" }]);

    socket.serverSends({ type: "resp:discover", max_api_version: 2, fps: 30 });
    expect(socket.sent[1]).toEqual({
      type: "settings",
      api_version: 2,
      data_channels: [],
      enable_speaker: true,
      enable_microphone: false,
      enable_video: true,
      enable_camera: false,
      video: { preferred_decoder_codecs: ["H264", "VP8"] },
    });
  });

  it("refuses a server older than signaling API 2", () => {
    const fakes = setUp();
    fakes.socket().serverOpens();
    fakes.socket().serverSends({ type: "resp:discover", max_api_version: 1 });
    expect(fakes.events.onEnded).toHaveBeenCalledWith(endReasons.unsupportedServer);
    expect(fakes.socket().sentOfType("settings")).toEqual([]);
    expect(fakes.socket().readyState).toBe(3);
    expect(fakes.peer().closed).toBe(true);
  });

  it("answers the base64 offer with a base64 answer", async () => {
    const fakes = setUp();
    await negotiate(fakes);
    expect(fakes.peer().remoteDescription).toEqual({ type: "offer", sdp: offerSdp });
    expect(fakes.peer().localDescription).toEqual({ type: "answer", sdp: fakeAnswerSdp });
    expect(fakes.socket().sentOfType("answer")).toEqual([
      { type: "answer", sdp: btoa(fakeAnswerSdp) },
    ]);
  });

  it("queues remote candidates that come before the offer and adds them after it", async () => {
    const fakes = setUp();
    const socket = fakes.socket();
    socket.serverOpens();
    socket.serverSends({ type: "resp:discover", max_api_version: 2 });
    socket.serverSends({
      type: "candidate",
      candidate: btoa(remoteCandidate),
      sdpMid: "0",
      sdpMLineIndex: 0,
    });
    expect(fakes.peer().addedCandidates).toEqual([]);

    socket.serverSends({ type: "offer", sdp: btoa(offerSdp) });
    await flushPromises();
    expect(fakes.log.indexOf("remote offer")).toBeLessThan(fakes.log.indexOf("candidate added"));
    expect(fakes.peer().addedCandidates).toEqual([
      { candidate: remoteCandidate, sdpMid: "0", sdpMLineIndex: 0 },
    ]);

    socket.serverSends({ type: "candidate", candidate: btoa(remoteCandidate + " 2"), sdpMid: "0" });
    expect(fakes.peer().addedCandidates).toHaveLength(2);
    expect(fakes.peer().addedCandidates[1]).toEqual({
      candidate: `${remoteCandidate} 2`,
      sdpMid: "0",
      sdpMLineIndex: null,
    });
  });

  it("trickles its own candidates base64-encoded, and not the end-of-candidates marker", async () => {
    const fakes = setUp();
    await negotiate(fakes);
    const local = "candidate:2 1 udp 2122260223 192.0.2.10 50000 typ host";
    fakes.peer().gathers({ candidate: local, sdpMid: "0", sdpMLineIndex: 0 });
    fakes.peer().gathers(null);
    fakes.peer().gathers({ candidate: "", sdpMid: "0", sdpMLineIndex: 0 });
    expect(fakes.socket().sentOfType("candidate")).toEqual([
      { type: "candidate", candidate: btoa(local), sdpMid: "0", sdpMLineIndex: 0 },
    ]);
  });

  it("builds the stream from the video track and closes the websocket once ICE is connected", async () => {
    const fakes = setUp();
    await negotiate(fakes);
    const track = fakes.peer().receivesTrack("video");
    expect(fakes.events.onStream).toHaveBeenCalledTimes(1);
    const stream = fakes.events.onStream.mock.calls[0]?.[0] as unknown as FakeMediaStream;
    expect(stream.tracks).toEqual([track]);

    fakes.peer().iceStateBecomes("checking");
    expect(fakes.socket().readyState).toBe(1);
    fakes.peer().iceStateBecomes("connected");
    expect(fakes.socket().readyState).toBe(3);
    expect(fakes.events.onConnected).toHaveBeenCalledWith(fakes.peer());
    // Closing its own websocket is not the end of the stream, and no timeout fires later.
    vi.advanceTimersByTime(signalingTimeoutMs * 2);
    expect(fakes.events.onEnded).not.toHaveBeenCalled();
  });

  it("shows the server's error message", () => {
    const fakes = setUp();
    fakes.socket().serverOpens();
    fakes.socket().serverSends({ type: "error", message: "session not found" });
    fakes.socket().serverCloses();
    expect(fakes.events.onEnded).toHaveBeenCalledTimes(1);
    expect(fakes.events.onEnded).toHaveBeenCalledWith("session not found");
  });

  it("ends when the websocket closes before the stream started", () => {
    const fakes = setUp();
    fakes.socket().serverOpens();
    fakes.socket().serverCloses();
    expect(fakes.events.onEnded).toHaveBeenCalledWith(endReasons.signalingClosed);
    expect(fakes.peer().closed).toBe(true);
  });

  it("ends when the offer cannot be applied", async () => {
    const fakes = setUp();
    fakes.socket().serverOpens();
    fakes.peer().rejectRemoteDescription = new Error("bad SDP");
    fakes.socket().serverSends({ type: "offer", sdp: btoa("not sdp") });
    await flushPromises();
    expect(fakes.events.onEnded).toHaveBeenCalledWith("The stream could not be set up: bad SDP");
  });

  it("ignores messages that are not JSON or have no type", () => {
    const fakes = setUp();
    const socket = fakes.socket();
    socket.serverOpens();
    socket.onmessage?.({ data: "not json" });
    socket.onmessage?.({ data: JSON.stringify({ sdp: "x" }) });
    socket.serverSends({ type: "something-new" });
    expect(fakes.events.onEnded).not.toHaveBeenCalled();
    expect(socket.sent).toEqual([{ type: "discover" }]);
  });

  describe("timeouts", () => {
    it("gives the signaling 30 s", () => {
      const fakes = setUp();
      fakes.socket().serverOpens();
      vi.advanceTimersByTime(signalingTimeoutMs - 1);
      expect(fakes.events.onEnded).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fakes.events.onEnded).toHaveBeenCalledWith("The stream did not start in time.");
      expect(fakes.socket().readyState).toBe(3);
      expect(fakes.peer().closed).toBe(true);
    });

    it("ends at once when ICE fails", async () => {
      const fakes = setUp();
      await negotiate(fakes);
      fakes.peer().iceStateBecomes("failed");
      expect(fakes.events.onEnded).toHaveBeenCalledWith("The connection failed.");
    });

    it("ends when ICE stays disconnected for 10 s, not when it comes back", async () => {
      const fakes = setUp();
      await negotiate(fakes);
      fakes.peer().iceStateBecomes("connected");

      fakes.peer().iceStateBecomes("disconnected");
      vi.advanceTimersByTime(disconnectedGraceMs - 1);
      fakes.peer().iceStateBecomes("connected");
      vi.advanceTimersByTime(disconnectedGraceMs);
      expect(fakes.events.onEnded).not.toHaveBeenCalled();

      fakes.peer().iceStateBecomes("disconnected");
      vi.advanceTimersByTime(disconnectedGraceMs);
      expect(fakes.events.onEnded).toHaveBeenCalledWith("The connection was lost.");
      expect(fakes.events.onConnected).toHaveBeenCalledTimes(1);
    });
  });

  describe("control channel", () => {
    async function connected() {
      const fakes = setUp();
      await negotiate(fakes);
      fakes.peer().iceStateBecomes("connected");
      fakes.peer().control.opens();
      return fakes;
    }

    it("holds control messages until the channel opens, then sends them in order", async () => {
      const fakes = setUp();
      await negotiate(fakes);
      expect(fakes.client.sendControl("input::key", { code: 74, pressed: true })).toBe(true);
      expect(fakes.client.sendControl("input::key", { code: 74, pressed: false })).toBe(true);
      expect(fakes.peer().control.sent).toEqual([]);
      fakes.peer().control.opens();
      expect(fakes.client.sendControl("input::key", { code: 92, pressed: true })).toBe(true);
      expect(fakes.peer().control.sent).toEqual([
        { type: "input::key", data: { code: 74, pressed: true } },
        { type: "input::key", data: { code: 74, pressed: false } },
        { type: "input::key", data: { code: 92, pressed: true } },
      ]);
    });

    it("drops control messages once the stream is closed", async () => {
      const fakes = setUp();
      await negotiate(fakes);
      fakes.client.close();
      expect(fakes.client.sendControl("input::key", { code: 74, pressed: true })).toBe(false);
    });

    it("ends with a reason when another viewer takes over or the session ends", async () => {
      const takenOver = await connected();
      takenOver.peer().control.deviceSends({ type: "stream::taken-over", data: {} });
      expect(takenOver.events.onEnded).toHaveBeenCalledWith(
        "Another viewer took over this stream.",
      );
      // The server dropped this viewer already: no stream::disconnect after that.
      expect(takenOver.peer().control.sent).toEqual([]);
      expect(takenOver.peer().closed).toBe(true);

      const ended = await connected();
      ended.peer().control.deviceSends({ type: "stream::ended" });
      expect(ended.events.onEnded).toHaveBeenCalledWith("The session ended.");
    });

    it("passes other device messages on", async () => {
      const fakes = await connected();
      fakes.peer().control.deviceSends({ type: "show-ime", data: { x: 1 } });
      expect(fakes.events.onControlMessage).toHaveBeenCalledWith({
        type: "show-ime",
        data: { x: 1 },
      });
      expect(fakes.events.onEnded).not.toHaveBeenCalled();
    });
  });

  describe("close", () => {
    it("says stream::disconnect on the open control channel, then closes the channel and the peer", async () => {
      const fakes = setUp();
      await negotiate(fakes);
      fakes.peer().iceStateBecomes("connected");
      fakes.peer().control.opens();
      fakes.client.close();
      const tail = fakes.log.slice(fakes.log.indexOf("control stream::disconnect"));
      expect(tail).toEqual(["control stream::disconnect", "control closed", "peer closed"]);
      expect(fakes.events.onEnded).not.toHaveBeenCalled();
      expect(fakes.client.sendControl("input::key", { code: 4, pressed: true })).toBe(false);
    });

    it("closes the websocket during signaling, and nothing fires afterwards", async () => {
      const fakes = setUp();
      fakes.socket().serverOpens();
      fakes.client.close();
      expect(fakes.socket().readyState).toBe(3);
      expect(fakes.peer().closed).toBe(true);
      expect(fakes.peer().control.sent).toEqual([]);
      // A late offer or timeout is ignored.
      fakes.socket().serverSends({ type: "offer", sdp: btoa(offerSdp) });
      await flushPromises();
      vi.advanceTimersByTime(signalingTimeoutMs);
      expect(fakes.peer().remoteDescription).toBeUndefined();
      expect(fakes.events.onEnded).not.toHaveBeenCalled();
    });
  });
});
