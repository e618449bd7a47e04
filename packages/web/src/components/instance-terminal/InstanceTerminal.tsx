import { useEffect, useId, useRef, useState } from "react";
import { FitAddon } from "@xterm/addon-fit";
import { Terminal } from "@xterm/xterm";
import "@xterm/xterm/css/xterm.css";
import "./_instance-terminal.scss";
import { execInstance, relaySocketUrl } from "../../api/instances.ts";
import { focusableElements, focusBeside } from "../overlays/focusable-elements.ts";
import { Spinner } from "../../vendor/react-components.ts";
import { createTerminalExitWatcher } from "./terminal-exit-key.ts";
import { connectTerminal, type TerminalConnection } from "./terminal-session.ts";

/** A resize is sent once the container has kept its size this long (dragging sends many). */
export const resizeDebounceMs = 150;

interface Props {
  clusterId: string;
  instanceId: string;
  /** Asks for a new terminal (the parent mounts a fresh one). */
  onReconnect: () => void;
}

/**
 * xterm.js on a shell of the instance. The sockets live in `terminal-session.ts`; this component
 * only ties them to xterm: keystrokes in, output out, and the container's size (after a fit) to
 * the shell. Unmounting closes the sockets. Every key goes to the shell but one pair, Escape then
 * Tab, which leaves the terminal (`terminal-exit-key.ts`); the hint beside it says so.
 */
export default function InstanceTerminal({ clusterId, instanceId, onReconnect }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [connection, setConnection] = useState<TerminalConnection>({ state: "connecting" });
  const hintId = useId();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const terminal = new Terminal({ cursorBlink: true });
    const fitAddon = new FitAddon();
    terminal.loadAddon(fitAddon);
    terminal.open(container);
    // Screen readers read the way out when the terminal takes the focus.
    terminal.textarea?.setAttribute("aria-describedby", hintId);
    const exitWatcher = createTerminalExitWatcher();
    terminal.attachCustomKeyEventHandler((event) => {
      const outcome = exitWatcher(event);
      if (outcome === "shell") return true;
      // Not the shell's, and not the browser's either: the terminal's own parts may take Tab.
      event.preventDefault();
      const backward = outcome === "leave-backward";
      // The terminal may be the page's last stop (the status bar then has nothing to reach):
      // Tab goes round to the page's first, as it would through the browser's own bar.
      if (!focusBeside(container, backward)) focusFirstOfPage(container);
      return false;
    });
    // The shell starts at the size the container allows.
    fitAddon.fit();

    const session = connectTerminal({
      size: { cols: terminal.cols, rows: terminal.rows },
      openShell: async (size) => {
        const { sockets } = await execInstance(clusterId, instanceId, {
          height: size.rows,
          width: size.cols,
        });
        return {
          terminal: relaySocketUrl(sockets.terminal),
          control: relaySocketUrl(sockets.control),
        };
      },
      onOutput: (data) => {
        terminal.write(data);
      },
      onConnectionChange: (next) => {
        setConnection(next);
        if (next.state === "connected") terminal.focus();
      },
    });

    const subscriptions = [
      terminal.onData((data) => {
        session.send(data);
      }),
      // Some mouse reports are not UTF-8: one character per byte.
      terminal.onBinary((data) => {
        session.send(Uint8Array.from(data, (character) => character.charCodeAt(0) & 0xff));
      }),
      terminal.onResize((size) => {
        session.resize(size);
      }),
    ];

    // The window or the layout changed the container's size: fit, which resizes the terminal.
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const resizeObserver = new ResizeObserver(() => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        fitAddon.fit();
      }, resizeDebounceMs);
    });
    resizeObserver.observe(container);

    return () => {
      resizeObserver.disconnect();
      clearTimeout(resizeTimer);
      for (const subscription of subscriptions) subscription.dispose();
      session.close();
      terminal.dispose();
    };
  }, [clusterId, instanceId, hintId]);

  return (
    <div className="instance-terminal">
      <TerminalStatus connection={connection} onReconnect={onReconnect} />
      <p className="p-form-help-text instance-terminal__hint" id={hintId}>
        Press <kbd>Esc</kbd> then <kbd>Tab</kbd> to leave the terminal (<kbd>Esc</kbd> then{" "}
        <kbd>Shift</kbd>+<kbd>Tab</kbd> to go back).
      </p>
      <div
        className="instance-terminal__screen"
        ref={containerRef}
        aria-label="Terminal"
        role="group"
      />
    </div>
  );
}

function TerminalStatus({
  connection,
  onReconnect,
}: {
  connection: TerminalConnection;
  onReconnect: () => void;
}) {
  if (connection.state === "connected") return null;
  if (connection.state === "connecting") {
    return (
      <p className="instance-terminal__status">
        <Spinner text="Connecting…" role="status" />
      </p>
    );
  }
  return (
    <div className="instance-terminal__status" role="status">
      <span>
        <strong>Disconnected</strong>
        {connection.reason !== undefined && `: ${connection.reason}`}
      </span>
      <button type="button" className="p-button is-dense u-no-margin--bottom" onClick={onReconnect}>
        Reconnect
      </button>
    </div>
  );
}

/** Focuses the page's first Tab stop outside `container` (the skip link). */
function focusFirstOfPage(container: HTMLElement): void {
  focusableElements(document.body)
    .find((element) => !container.contains(element))
    ?.focus();
}
