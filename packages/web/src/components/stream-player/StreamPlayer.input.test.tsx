// The stream player's input to the device: the keyboard captured, pointer presses as touches in
// device pixels and the wheel, the orientation told as the control channel opens, and the
// device's input marker drawn only while input is timed.
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { InputLatencyProbe } from "./input-latency.ts";
import { StreamPlayer } from "./StreamPlayer.tsx";

import {
  connection,
  device,
  renderPlayer,
  startStream,
  stubWebRtcForEachTest,
} from "./stream-player.test-support.tsx";

stubWebRtcForEachTest();

describe("StreamPlayer input", () => {
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
});
