import { describe, expect, it, vi } from "vitest";
import { FakeTerminalSocket } from "./fake-terminal-socket.test-support.ts";
import {
  connectTerminal,
  type TerminalConnection,
  type TerminalSocketUrls,
} from "./terminal-session.ts";

const urls: TerminalSocketUrls = {
  terminal: "ws://dashboard.test/ams/0/1.0/operations/op/websocket?secret=t",
  control: "ws://dashboard.test/ams/0/1.0/operations/op/websocket?secret=c",
};

/** A session over fake sockets; resolves once both sockets exist. */
async function startSession(openShell = vi.fn(() => Promise.resolve(urls))) {
  const sockets = new Map<string, FakeTerminalSocket>();
  const output: (Uint8Array | string)[] = [];
  const connections: TerminalConnection[] = [];
  const session = connectTerminal({
    size: { cols: 80, rows: 24 },
    openShell,
    createSocket: (url) => {
      const socket = new FakeTerminalSocket(url);
      sockets.set(url, socket);
      return socket;
    },
    onOutput: (data) => output.push(data),
    onConnectionChange: (connection) => connections.push(connection),
  });
  await vi.waitFor(() => {
    expect(sockets.size).toBe(2);
  });
  const terminal = sockets.get(urls.terminal);
  const control = sockets.get(urls.control);
  if (!terminal || !control) throw new Error("the sockets were not opened at the exec's URLs");
  return { session, terminal, control, output, connections, openShell };
}

async function connectedSession() {
  const started = await startSession();
  started.terminal.open();
  started.control.open();
  return started;
}

const text = (data: string | Uint8Array | undefined) =>
  typeof data === "string" || data === undefined ? data : new TextDecoder().decode(data);

describe("connectTerminal", () => {
  it("opens a shell of the terminal's size, then reports connected once both sockets are open", async () => {
    const { terminal, control, connections, openShell } = await startSession();
    expect(openShell).toHaveBeenCalledWith({ cols: 80, rows: 24 });
    expect(terminal.binaryType).toBe("arraybuffer");
    terminal.open();
    expect(connections).toEqual([]);
    control.open();
    expect(connections).toEqual([{ state: "connected" }]);
  });

  it("sends keystrokes to the terminal socket as binary UTF-8", async () => {
    const { session, terminal, control } = await connectedSession();
    session.send("ls -l é\r");
    expect(terminal.sent).toHaveLength(1);
    const frame = terminal.sent[0];
    expect(ArrayBuffer.isView(frame)).toBe(true);
    expect(text(frame)).toBe("ls -l é\r");
    expect(control.sent).toEqual([]);
  });

  it("passes raw bytes through unchanged", async () => {
    const { session, terminal } = await connectedSession();
    session.send(new Uint8Array([27, 91, 77, 255]));
    expect(Array.from(terminal.sent[0] as Uint8Array)).toEqual([27, 91, 77, 255]);
  });

  it("writes what the shell sends, binary or text", async () => {
    const { terminal, output } = await connectedSession();
    terminal.receive(new TextEncoder().encode("$ ").buffer);
    terminal.receive("hello");
    expect(output).toHaveLength(2);
    expect(ArrayBuffer.isView(output[0])).toBe(true);
    expect(text(output[0])).toBe("$ ");
    expect(output[1]).toBe("hello");
  });

  it("sends window-resize with string sizes on the control socket when the size changes", async () => {
    const { session, terminal, control } = await connectedSession();
    session.resize({ cols: 120, rows: 40 });
    // The same size again is not news to the shell.
    session.resize({ cols: 120, rows: 40 });
    expect(control.sent).toEqual([
      JSON.stringify({ command: "window-resize", args: { width: "120", height: "40" } }),
    ]);
    expect(terminal.sent).toEqual([]);
  });

  it("sends a resize that came while connecting once the control socket is open", async () => {
    const { session, terminal, control } = await startSession();
    session.resize({ cols: 100, rows: 30 });
    expect(control.sent).toEqual([]);
    terminal.open();
    control.open();
    expect(control.sent).toEqual([
      JSON.stringify({ command: "window-resize", args: { width: "100", height: "30" } }),
    ]);
  });

  it("reports the close when the shell exits, and closes the other socket", async () => {
    const { session, terminal, control, connections } = await connectedSession();
    terminal.serverClose();
    expect(connections).toEqual([{ state: "connected" }, { state: "disconnected" }]);
    expect(control.closedByClient).toBe(true);
    // Nothing goes to a closed shell.
    session.send("x");
    expect(terminal.sent).toEqual([]);
  });

  it("says why when the sockets close before connecting", async () => {
    const { control, connections } = await startSession();
    control.serverClose(1006);
    expect(connections).toEqual([
      { state: "disconnected", reason: "The terminal could not connect to the instance's shell." },
    ]);
  });

  it("says why when the shell cannot be opened", async () => {
    const connections: TerminalConnection[] = [];
    const createSocket = vi.fn((url: string) => new FakeTerminalSocket(url));
    connectTerminal({
      size: { cols: 80, rows: 24 },
      openShell: () => Promise.reject(new Error("Instance is not running")),
      createSocket,
      onOutput: () => undefined,
      onConnectionChange: (connection) => connections.push(connection),
    });
    await vi.waitFor(() => {
      expect(connections).toEqual([
        { state: "disconnected", reason: "The shell could not be opened: Instance is not running" },
      ]);
    });
    expect(createSocket).not.toHaveBeenCalled();
  });

  it("closes both sockets on close() and reports nothing more", async () => {
    const { session, terminal, control, connections } = await connectedSession();
    session.close();
    expect(terminal.closedByClient).toBe(true);
    expect(control.closedByClient).toBe(true);
    terminal.serverClose();
    expect(connections).toEqual([{ state: "connected" }]);
  });

  it("opens no socket when closed before the shell was opened", async () => {
    let answer: (value: TerminalSocketUrls) => void = () => undefined;
    const createSocket = vi.fn((url: string) => new FakeTerminalSocket(url));
    const session = connectTerminal({
      size: { cols: 80, rows: 24 },
      openShell: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
      createSocket,
      onOutput: () => undefined,
      onConnectionChange: () => undefined,
    });
    session.close();
    answer(urls);
    await Promise.resolve();
    expect(createSocket).not.toHaveBeenCalled();
  });
});
