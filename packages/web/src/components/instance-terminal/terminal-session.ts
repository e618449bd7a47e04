import type { AmsExecControl } from "@anbox-dashboard/contract";

/** A terminal's size in character cells. */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** The two websockets of one shell: the PTY's bytes, and its control (resizes). */
export interface TerminalSocketUrls {
  terminal: string;
  control: string;
}

/** What the session needs of a websocket: the browser's, or a test's stand-in. */
export interface TerminalSocket {
  binaryType: BinaryType;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
}

/** Where a session stands, as the terminal shows it. */
export type TerminalConnection =
  | { state: "connecting" }
  | { state: "connected" }
  /** `reason` says what went wrong; none when the shell simply ended. */
  | { state: "disconnected"; reason?: string };

export interface TerminalSessionOptions {
  /** The terminal's size when the shell is opened (the cluster starts its PTY at this size). */
  size: TerminalSize;
  /** Opens a shell of that size on the instance and answers its sockets' URLs. */
  openShell: (size: TerminalSize) => Promise<TerminalSocketUrls>;
  createSocket?: (url: string) => TerminalSocket;
  /** What the shell wrote: bytes from binary frames, text from text frames. */
  onOutput: (data: Uint8Array | string) => void;
  /** Connected, then disconnected; never called after `close()`. */
  onConnectionChange: (connection: TerminalConnection) => void;
}

export interface TerminalSession {
  /** Keystrokes (or raw bytes), sent as binary frames of UTF-8: what the PTY reads. */
  send(input: string | Uint8Array<ArrayBuffer>): void;
  /** The terminal's new size, told to the shell on the control socket (at once or once open). */
  resize(size: TerminalSize): void;
  /** Ends the session from this side (unmount, say): closes both sockets, reports nothing. */
  close(): void;
}

/** A normal closure: the client is done with the shell. */
const closeNormal = 1000;

// By its tag rather than `instanceof`, which fails for a buffer made in another realm (a frame).
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === "[object ArrayBuffer]";

const sameSize = (a: TerminalSize, b: TerminalSize) => a.cols === b.cols && a.rows === b.rows;

/**
 * One shell on an instance: asks for it (exec), opens its terminal and control sockets, pipes
 * keystrokes in and output out, and tells the shell about resizes. The cluster closes the sockets
 * when the shell exits; when either socket closes, the other one is closed too and the session
 * reports itself disconnected (a shell without its PTY or its control is of no use).
 */
export function connectTerminal(options: TerminalSessionOptions): TerminalSession {
  const createSocket =
    options.createSocket ?? ((url: string): TerminalSocket => new WebSocket(url));
  const encoder = new TextEncoder();
  let ended = false;
  let connected = false;
  let terminal: TerminalSocket | undefined;
  let control: TerminalSocket | undefined;
  let terminalOpen = false;
  let controlOpen = false;
  // The shell's PTY has the size it was opened with until a resize reaches it.
  let shellSize = options.size;
  let wantedSize = options.size;

  const closeSockets = () => {
    for (const socket of [terminal, control]) {
      if (!socket) continue;
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close(closeNormal);
    }
  };

  const end = (reason?: string) => {
    if (ended) return;
    ended = true;
    closeSockets();
    options.onConnectionChange(
      reason === undefined ? { state: "disconnected" } : { state: "disconnected", reason },
    );
  };

  const sendSize = () => {
    if (!control || !controlOpen || sameSize(shellSize, wantedSize)) return;
    // LXD's control protocol spells the sizes as strings.
    const message: AmsExecControl = {
      command: "window-resize",
      args: { width: String(wantedSize.cols), height: String(wantedSize.rows) },
    };
    control.send(JSON.stringify(message));
    shellSize = wantedSize;
  };

  const socketOpened = () => {
    if (!terminalOpen || !controlOpen || connected) return;
    connected = true;
    options.onConnectionChange({ state: "connected" });
    // A resize that came while connecting.
    sendSize();
  };

  const socketClosed = () => {
    // Closed before both opened: the relay or the cluster refused the connection.
    end(connected ? undefined : "The terminal could not connect to the instance's shell.");
  };

  const openSockets = (urls: TerminalSocketUrls) => {
    const terminalSocket = createSocket(urls.terminal);
    const controlSocket = createSocket(urls.control);
    terminal = terminalSocket;
    control = controlSocket;
    // Output as bytes, which xterm decodes itself (a UTF-8 sequence may span two frames).
    terminalSocket.binaryType = "arraybuffer";
    terminalSocket.onopen = () => {
      terminalOpen = true;
      socketOpened();
    };
    controlSocket.onopen = () => {
      controlOpen = true;
      socketOpened();
    };
    terminalSocket.onmessage = (message) => {
      const data: unknown = message.data;
      if (typeof data === "string") options.onOutput(data);
      else if (isArrayBuffer(data)) options.onOutput(new Uint8Array(data));
    };
    terminalSocket.onclose = socketClosed;
    controlSocket.onclose = socketClosed;
    // An error is always followed by a close, which ends the session.
  };

  options.openShell(options.size).then(
    (urls) => {
      // Closed while the shell was being opened: nobody is there to use it.
      if (!ended) openSockets(urls);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : "Unknown reason";
      end(`The shell could not be opened: ${message}`);
    },
  );

  return {
    send(input) {
      if (!terminal || !terminalOpen || ended) return;
      terminal.send(typeof input === "string" ? encoder.encode(input) : input);
    },
    resize(size) {
      wantedSize = size;
      if (connected && !ended) sendSize();
    },
    close() {
      if (ended) return;
      ended = true;
      closeSockets();
    },
  };
}
