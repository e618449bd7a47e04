// The stream player rendered over fake WebRTC for its tests (StreamPlayer*.test.tsx): the
// browser's sockets and peers replaced, and the server's part played up to a running stream.
import { afterEach, beforeEach, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { StreamPlayer, type StreamConnection } from "./StreamPlayer.tsx";
import {
  FakeMediaStream,
  FakePeerConnection,
  FakeWebSocket,
  flushPromises,
} from "./webrtc-fakes.test-support.ts";

export const device = { width: 720, height: 1280 };
export const connection: StreamConnection = { signalingUrl: "/signaling/s-1", iceServers: [] };

/** jsdom has no PointerEvent: without one, fireEvent.pointer* drop the pointer fields. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  readonly isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? "mouse";
    this.isPrimary = init.isPrimary ?? true;
  }
}

/** Gives each test of the calling file fresh fake sockets and peers in place of the browser's. */
export function stubWebRtcForEachTest(): void {
  beforeEach(() => {
    vi.stubGlobal("PointerEvent", TestPointerEvent);
    FakeWebSocket.instances = [];
    FakePeerConnection.instances = [];
    vi.stubGlobal("WebSocket", FakeWebSocket);
    vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
    vi.stubGlobal("MediaStream", FakeMediaStream);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export function renderPlayer() {
  const connect = vi.fn(() => Promise.resolve(connection));
  const onPeer = vi.fn();
  const onToggleStats = vi.fn();
  const onShare = vi.fn();
  const view = render(
    <StreamPlayer
      connect={connect}
      screen={device}
      onPeer={onPeer}
      panels={{ statistics: onToggleStats }}
      onShare={onShare}
      extraControls={
        <button type="button" className="p-button--base">
          Instance details
        </button>
      }
    />,
  );
  return { connect, onPeer, onToggleStats, onShare, ...view };
}

export function latestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error("no websocket");
  return socket;
}

export function latestPeer(): FakePeerConnection {
  const peer = FakePeerConnection.instances.at(-1);
  if (!peer) throw new Error("no peer");
  return peer;
}

/**
 * Plays the server's part up to a playing stream with an open control channel. What the player
 * sends as the channel opens (the orientation) is left out of `control.sent` unless kept.
 */
export async function startStream({
  keepOpeningMessages = false,
} = {}): Promise<FakePeerConnection> {
  await act(flushPromises);
  const socket = latestSocket();
  act(() => {
    socket.serverOpens();
    socket.serverSends({ type: "resp:discover", max_api_version: 2 });
    socket.serverSends({ type: "offer", sdp: btoa("v=0\r\n") });
  });
  await act(flushPromises);
  const peer = latestPeer();
  act(() => {
    peer.receivesTrack("video");
    peer.control.opens();
    peer.iceStateBecomes("connected");
  });
  if (!keepOpeningMessages) peer.control.sent.length = 0;
  return peer;
}

export const statusText = () => screen.getByRole("status").textContent;
