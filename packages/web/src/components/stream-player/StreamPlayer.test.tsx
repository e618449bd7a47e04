// The stream player: connecting and playing, its sound, its toolbar and shortcuts, the device keys
// and rotation, how a stream ends, and cleaning up. Input is StreamPlayer.input.test.tsx.
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { StreamPlayer } from "./StreamPlayer.tsx";
import userEvent from "@testing-library/user-event";

import { FakeMediaStream, flushPromises } from "./webrtc-fakes.test-support.ts";
import {
  device,
  latestSocket,
  renderPlayer,
  startStream,
  statusText,
  stubWebRtcForEachTest,
} from "./stream-player.test-support.tsx";

stubWebRtcForEachTest();

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
