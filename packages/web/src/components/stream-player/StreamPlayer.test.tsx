import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { InputLatencyProbe } from "./input-latency.ts";
import { StreamPlayer, type StreamConnection } from "./StreamPlayer.tsx";
import {
  FakeMediaStream,
  FakePeerConnection,
  FakeWebSocket,
  flushPromises,
} from "./webrtc-fakes.test-support.ts";

const device = { width: 720, height: 1280 };
const connection: StreamConnection = { signalingUrl: "/signaling/s-1", iceServers: [] };

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

function renderPlayer() {
  const connect = vi.fn(() => Promise.resolve(connection));
  const onPeer = vi.fn();
  const onToggleStats = vi.fn();
  const onShare = vi.fn();
  const view = render(
    <StreamPlayer
      connect={connect}
      screen={device}
      onPeer={onPeer}
      onToggleStats={onToggleStats}
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

function latestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error("no websocket");
  return socket;
}

function latestPeer(): FakePeerConnection {
  const peer = FakePeerConnection.instances.at(-1);
  if (!peer) throw new Error("no peer");
  return peer;
}

/**
 * Plays the server's part up to a playing stream with an open control channel. What the player
 * sends as the channel opens (the orientation) is left out of `control.sent` unless kept.
 */
async function startStream({ keepOpeningMessages = false } = {}): Promise<FakePeerConnection> {
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

const statusText = () => screen.getByRole("status").textContent;

describe("StreamPlayer", () => {
  it("connects on mount and shows the connecting state, then plays", async () => {
    const { connect, onPeer } = renderPlayer();
    expect(connect).toHaveBeenCalledTimes(1);
    expect(statusText()).toBe("Connecting to the stream…");
    const video = screen.getByLabelText<HTMLVideoElement>("Stream of the device");
    expect(video.tagName).toBe("VIDEO");
    expect(video.autoplay).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(screen.getByRole("button", { name: "Home" })).toBeDisabled();

    const peer = await startStream();
    expect(latestSocket().url).toBe("ws://localhost:3000/signaling/s-1");
    expect(statusText()).not.toBe("Connecting to the stream…");
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
    expect(onPeer).toHaveBeenLastCalledWith(peer);
    expect(video.srcObject).toBeInstanceOf(FakeMediaStream);
    expect(screen.getByRole("button", { name: "Home" })).toBeEnabled();
  });

  it("plays the device's sound; when the browser refuses, muted until the page's first click, and says so", async () => {
    localStorage.clear();
    const refusals = vi.spyOn(HTMLMediaElement.prototype, "play");
    // The autoplay rules refuse sound until a gesture; muted playback is always allowed.
    refusals.mockImplementation(function (this: HTMLMediaElement) {
      return this.muted
        ? Promise.resolve()
        : Promise.reject(new DOMException("no gesture yet", "NotAllowedError"));
    });
    renderPlayer();
    const peer = await startStream();
    act(() => {
      peer.receivesTrack("audio");
    });
    await act(flushPromises);
    const audio = document.querySelector("audio");
    if (!audio) throw new Error("no audio element");
    expect(audio.srcObject).toBeInstanceOf(FakeMediaStream);
    const notice = screen.getByRole("button", { name: /Sound is off until you click/ });
    expect(audio.muted).toBe(true);
    // A row above the stage, not laid over the picture: the device's status bar stays in sight.
    expect(notice.closest(".stream-player__stage")).toBeNull();

    refusals.mockResolvedValue(undefined);
    fireEvent.pointerDown(notice);
    await act(flushPromises);
    expect(screen.queryByRole("button", { name: /Sound is off/ })).toBeNull();
    expect(audio.muted).toBe(false);

    // Mute and volume, kept for the next stream.
    const mute = screen.getByRole("button", { name: "Mute" });
    fireEvent.click(mute);
    expect(audio.muted).toBe(true);
    expect(mute).toHaveAttribute("aria-pressed", "true");
    fireEvent.change(screen.getByRole("slider", { name: "Volume" }), { target: { value: "35" } });
    expect(audio.muted).toBe(false);
    expect(audio.volume).toBeCloseTo(0.35);
    expect(JSON.parse(localStorage.getItem("stream-player-sound") ?? "null")).toEqual({
      muted: false,
      volume: 0.35,
    });
  });

  it("has named toolbar buttons with their shortcuts, the page's controls last", async () => {
    renderPlayer();
    await startStream();
    const toolbar = screen.getByRole("toolbar", { name: "Stream controls" });
    const names = within(toolbar)
      .getAllByRole("button")
      .map((button) => [button.textContent, button.getAttribute("aria-keyshortcuts")]);
    expect(names).toEqual([
      ["Full screen", "F Control+Shift+F"],
      ["Rotate left", "Control+Shift+ArrowLeft"],
      ["Rotate right", "R Control+Shift+ArrowRight"],
      ["Home", "H Control+Shift+H"],
      ["Back", "B Control+Shift+E"],
      ["Volume down", "Control+Shift+ArrowDown"],
      ["Volume up", "Control+Shift+ArrowUp"],
      ["Power", "Control+Shift+P"],
      ["Keyboard capture", "K Control+Shift+K"],
      ["Screenshot", "S Control+Shift+I"],
      // The test DOM has no MediaRecorder: the button says why it does nothing.
      ["Recording is not available in this browser", "Control+Shift+O"],
      // No sound track in this test's stream: nothing to mute.
      ["Mute", null],
      ["Statistics", "I Control+Shift+M"],
      ["Share", "L Control+Shift+S"],
      ["Instance details", null],
    ]);
    expect(toolbar.textContent).toContain("Rotate rightR or Ctrl+Shift+→");
    expect(within(toolbar).getByRole("button", { name: "Mute" })).toBeDisabled();
    expect(within(toolbar).getByRole("slider", { name: "Volume" })).toBeDisabled();
    expect(
      within(toolbar).getByRole("button", { name: "Recording is not available in this browser" }),
    ).toBeDisabled();
    expect(screen.getByText(/Shortcuts/)).toBeInTheDocument();
  });

  it("presses Home and Back on the device, by button and by shortcut", async () => {
    const user = userEvent.setup();
    renderPlayer();
    const peer = await startStream();
    await user.click(screen.getByRole("button", { name: "Home" }));
    expect(peer.control.sent).toEqual([
      { type: "input::key", data: { code: 74, pressed: true } },
      { type: "input::key", data: { code: 74, pressed: false } },
    ]);

    peer.control.sent.length = 0;
    screen.getByLabelText("Stream of the device").focus();
    await user.keyboard("b");
    expect(peer.control.sent).toEqual([
      { type: "input::key", data: { code: 92, pressed: true } },
      { type: "input::key", data: { code: 92, pressed: false } },
    ]);
  });

  it("rotates with R: tells the device, fakes the accelerometer and turns the video", async () => {
    const user = userEvent.setup();
    renderPlayer();
    const peer = await startStream();
    const video = screen.getByLabelText("Stream of the device");
    video.focus();
    await user.keyboard("r");
    expect(peer.control.sent).toEqual([
      { type: "input::rotate", data: { orientation: "landscape" } },
      { type: "sensor:event", data: { sensor: "acceleration", x: -9.81, y: 0, z: 0 } },
    ]);
    expect(video.style.transform).toContain("rotate(90deg)");
    await user.keyboard("rrr");
    expect(
      peer.control.sent
        .filter((message) => message.type === "input::rotate")
        .map((message) => message.data),
    ).toEqual([
      { orientation: "landscape" },
      { orientation: "reverse-portrait" },
      { orientation: "reverse-landscape" },
      { orientation: "portrait" },
    ]);
    expect(video.style.transform).toContain("rotate(0deg)");
  });

  it("toggles the statistics with I, asks for a share link with L, and leaves Ctrl to the browser", async () => {
    const user = userEvent.setup();
    const { onToggleStats, onShare } = renderPlayer();
    const peer = await startStream();
    screen.getByLabelText("Stream of the device").focus();
    await user.keyboard("i");
    expect(onToggleStats).toHaveBeenCalledTimes(1);
    await user.keyboard("l");
    expect(onShare).toHaveBeenCalledTimes(1);
    await user.keyboard("{Control>}r{/Control}");
    expect(peer.control.sent).toEqual([]);
  });

  it("captures the keyboard with K until Escape, which is not sent", async () => {
    const user = userEvent.setup();
    renderPlayer();
    const peer = await startStream();
    screen.getByLabelText("Stream of the device").focus();
    await user.keyboard("k");
    expect(screen.getByRole("button", { name: "Keyboard capture" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByText(/Keys go to the device/)).toBeInTheDocument();

    // Letters that are shortcuts otherwise go to the device now, as keys (a game reads them so),
    // Shift too: the device types what a US layout types with them.
    await user.keyboard("h{Shift>}A{/Shift}");
    expect(peer.control.sent).toEqual([
      { type: "input::key", data: { code: 11, pressed: true } },
      { type: "input::key", data: { code: 11, pressed: false } },
      { type: "input::key", data: { code: 225, pressed: true } },
      { type: "input::key", data: { code: 4, pressed: true } },
      { type: "input::key", data: { code: 4, pressed: false } },
      { type: "input::key", data: { code: 225, pressed: false } },
    ]);

    // What another layout and Caps Lock type, as the browser reports it: é on a French 2 key,
    // ü on a German [ key, a capital with Caps Lock on, ê after a dead ^, € with AltGr.
    peer.control.sent.length = 0;
    const video = screen.getByLabelText("Stream of the device");
    const press = (init: KeyboardEventInit) => {
      fireEvent.keyDown(video, init);
      fireEvent.keyUp(video, init);
    };
    press({ key: "é", code: "Digit2" });
    press({ key: "ü", code: "BracketLeft" });
    press({ key: "A", code: "KeyA" });
    press({ key: "Dead", code: "BracketLeft" });
    press({ key: "ê", code: "KeyE" });
    press({ key: "€", code: "KeyE", ctrlKey: true, altKey: true, modifierAltGraph: true });
    // Keys that type nothing, and shortcuts, go as keys.
    press({ key: "Enter", code: "Enter" });
    press({ key: "c", code: "KeyC", ctrlKey: true });
    const typed = (text: string) => ({
      type: "input::ime-event",
      data: { type: 1, data: { text } },
    });
    expect(peer.control.sent).toEqual([
      typed("é"),
      typed("ü"),
      typed("A"),
      typed("ê"),
      typed("€"),
      { type: "input::key", data: { code: 40, pressed: true } },
      { type: "input::key", data: { code: 40, pressed: false } },
      { type: "input::key", data: { code: 6, pressed: true } },
      { type: "input::key", data: { code: 6, pressed: false } },
    ]);

    peer.control.sent.length = 0;
    await user.keyboard("{Escape}");
    expect(peer.control.sent).toEqual([]);
    expect(screen.getByRole("button", { name: "Keyboard capture" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await user.keyboard("h");
    expect(peer.control.sent[0]).toEqual({ type: "input::key", data: { code: 74, pressed: true } });
  });

  it("sends pointer presses as touches in device pixels, and the wheel", async () => {
    renderPlayer();
    const peer = await startStream();
    const video = screen.getByLabelText("Stream of the device");
    // Shown at half size, 100 px from the left.
    vi.spyOn(video, "getBoundingClientRect").mockReturnValue(new DOMRect(100, 0, 360, 640));
    fireEvent.pointerDown(video, {
      pointerId: 7,
      pointerType: "mouse",
      button: 0,
      clientX: 280,
      clientY: 320,
    });
    fireEvent.pointerMove(video, {
      pointerId: 7,
      pointerType: "mouse",
      clientX: 290,
      clientY: 330,
    });
    fireEvent.pointerUp(video, { pointerId: 7, pointerType: "mouse", clientX: 290, clientY: 330 });
    // On the right mouse button and outside the picture: nothing.
    fireEvent.pointerDown(video, {
      pointerId: 8,
      pointerType: "mouse",
      button: 2,
      clientX: 280,
      clientY: 320,
    });
    fireEvent.pointerDown(video, {
      pointerId: 9,
      pointerType: "touch",
      button: 0,
      clientX: 50,
      clientY: 320,
    });
    fireEvent.wheel(video, { deltaY: 120 });
    expect(peer.control.sent).toEqual([
      { type: "input::touch-start", data: { id: 0, x: 360, y: 640 } },
      { type: "input::touch-move", data: { id: 0, x: 380, y: 660 } },
      { type: "input::touch-end", data: { id: 0, last: true } },
      { type: "input::mouse-wheel", data: { x: 0, y: -1 } },
    ]);
  });

  it("turns the device to the player's orientation as the control channel opens", async () => {
    const user = userEvent.setup();
    renderPlayer();
    const peer = await startStream({ keepOpeningMessages: true });
    // A device an earlier viewer left turned comes back upright for this one.
    expect(peer.control.sent).toEqual([
      { type: "input::rotate", data: { orientation: "portrait" } },
      { type: "sensor:event", data: { sensor: "acceleration", x: 0, y: 9.81, z: 0 } },
    ]);

    // After a reconnect, the device takes the rotation the player has now.
    screen.getByLabelText("Stream of the device").focus();
    await user.keyboard("r");
    act(() => {
      peer.control.deviceSends({ type: "stream::taken-over", data: {} });
    });
    await user.click(screen.getByRole("button", { name: "Reconnect" }));
    const second = await startStream({ keepOpeningMessages: true });
    expect(second.control.sent[0]).toEqual({
      type: "input::rotate",
      data: { orientation: "landscape" },
    });
  });

  it("has the device draw its input marker only while the input is timed (the statistics open)", async () => {
    const probe = new InputLatencyProbe();
    const connect = vi.fn(() => Promise.resolve(connection));
    const view = render(<StreamPlayer connect={connect} screen={device} latencyProbe={probe} />);
    const peer = await startStream({ keepOpeningMessages: true });
    const timingAsked = () =>
      peer.control.sent.filter((message) => message.type === "stream::timing");
    const home = screen.getByRole("button", { name: "Home" });
    // Not timed: no marker asked for, and the input is counted but not waited for.
    fireEvent.click(home);
    expect(timingAsked()).toEqual([]);
    expect(probe.waiting).toBe(false);

    view.rerender(
      <StreamPlayer connect={connect} screen={device} latencyProbe={probe} timeInput />,
    );
    expect(timingAsked()).toEqual([{ type: "stream::timing", data: { enabled: true } }]);
    fireEvent.click(home);
    expect(probe.waiting).toBe(true);

    view.rerender(
      <StreamPlayer connect={connect} screen={device} latencyProbe={probe} timeInput={false} />,
    );
    expect(timingAsked()).toEqual([
      { type: "stream::timing", data: { enabled: true } },
      { type: "stream::timing", data: { enabled: false } },
    ]);
  });

  it("shows why the stream ended when another viewer takes over, and reconnects", async () => {
    const user = userEvent.setup();
    const { connect, onPeer } = renderPlayer();
    const peer = await startStream();
    act(() => {
      peer.control.deviceSends({ type: "stream::taken-over", data: {} });
    });
    expect(statusText()).toBe("Another viewer took over this stream.");
    expect(onPeer).toHaveBeenLastCalledWith(undefined);
    expect(peer.closed).toBe(true);
    expect(screen.getByRole("button", { name: "Home" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Reconnect" }));
    expect(connect).toHaveBeenCalledTimes(2);
    expect(statusText()).toBe("Connecting to the stream…");
    const second = await startStream();
    expect(second).not.toBe(peer);
    expect(onPeer).toHaveBeenLastCalledWith(second);
  });

  it("shows the session's end and a failed join", async () => {
    const connect = vi.fn(() => Promise.reject(new Error("Session not found")));
    render(<StreamPlayer connect={connect} screen={device} />);
    await act(flushPromises);
    expect(statusText()).toBe("Could not join the session: Session not found");
    expect(screen.getByRole("button", { name: "Reconnect" })).toBeInTheDocument();
    // Without onToggleStats, no statistics button or shortcut.
    expect(screen.queryByRole("button", { name: "Statistics" })).toBeNull();
  });

  it("cleans up on unmount: stream::disconnect first, then the peer closes", async () => {
    const { unmount, onPeer } = renderPlayer();
    const peer = await startStream();
    unmount();
    expect(peer.control.sent.at(-1)).toEqual({ type: "stream::disconnect", data: {} });
    expect(peer.control.readyState).toBe("closed");
    expect(peer.closed).toBe(true);
    expect(onPeer).toHaveBeenLastCalledWith(undefined);
  });

  it("goes full screen with F when the browser allows it", async () => {
    const user = userEvent.setup();
    // jsdom has no Fullscreen API.
    Object.defineProperty(document, "fullscreenEnabled", { configurable: true, value: true });
    const requestFullscreen = vi.fn(() => Promise.resolve());
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    try {
      renderPlayer();
      await startStream();
      screen.getByLabelText("Stream of the device").focus();
      await user.keyboard("f");
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen.mock.contexts[0]).toBe(
        screen.getByRole("region", { name: "Stream player" }),
      );
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, "requestFullscreen");
      Reflect.deleteProperty(document, "fullscreenEnabled");
    }
  });
});
