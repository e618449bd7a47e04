import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FakeTerminalSocket } from "../../../components/instance-terminal/fake-terminal-socket.test-support.ts";
import {
  renderInstancePage,
  runningInstance,
  stubInstanceServer,
  type FakeServer,
} from "./fake-instance-server.test-support.tsx";

// xterm.js draws on a canvas, which jsdom lacks: a stand-in that records what it is given.
const xterm = vi.hoisted(() => ({
  written: [] as (string | Uint8Array)[],
  typed: undefined as ((data: string) => void) | undefined,
  nothing: () => undefined,
  disposable: () => ({ dispose: () => undefined }),
  /** What xterm would be asked about each key before handling it. */
  keyHandler: undefined as ((event: KeyboardEvent) => boolean) | undefined,
}));

vi.mock("@xterm/xterm", () => ({
  Terminal: class {
    cols = 100;
    rows = 30;
    loadAddon = xterm.nothing;
    textarea: HTMLTextAreaElement | undefined;
    // Like xterm, a textarea inside the container takes the keys.
    open(container: HTMLElement) {
      this.textarea = document.createElement("textarea");
      container.append(this.textarea);
    }
    attachCustomKeyEventHandler(handler: (event: KeyboardEvent) => boolean) {
      xterm.keyHandler = handler;
    }
    focus = xterm.nothing;
    dispose = xterm.nothing;
    write(data: string | Uint8Array) {
      xterm.written.push(data);
    }
    onData(listener: (data: string) => void) {
      xterm.typed = listener;
      return xterm.disposable();
    }
    onBinary = xterm.disposable;
    onResize = xterm.disposable;
  },
}));
vi.mock("@xterm/addon-fit", () => ({
  FitAddon: class {
    fit = xterm.nothing;
  },
}));

const terminalPath = `/instances/${runningInstance.clusterId}/${runningInstance.id}/terminal`;
const terminalSocketPath = "/ams/0/1.0/operations/op-7/websocket?secret=pty";
const controlSocketPath = "/ams/0/1.0/operations/op-7/websocket?secret=ctl";

function serve(overrides: Partial<FakeServer> = {}, clusterExtensions?: string[]): FakeServer {
  const server: FakeServer = { instance: runningInstance, logs: {}, calls: [], ...overrides };
  stubInstanceServer(server);
  // The exec call answers with the relay paths of the shell's sockets.
  const answer = vi.mocked(fetch).getMockImplementation();
  vi.mocked(fetch).mockImplementation((input, init) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, "http://dashboard.test");
    if (url.pathname === "/api/clusters" && clusterExtensions !== undefined) {
      const health = {
        reachable: true,
        version: "1.14.0",
        api_extensions: clusterExtensions,
        checked_at: "2026-11-29T07:00:00Z",
      };
      return Promise.resolve(
        new Response(JSON.stringify([{ id: runningInstance.clusterId, health }])),
      );
    }
    if (url.pathname.endsWith("/exec")) {
      server.calls.push({
        method: init?.method ?? "GET",
        path: url.pathname,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      });
      const metadata = {
        operation: "op-7",
        clusterId: "lab",
        sockets: { terminal: terminalSocketPath, control: controlSocketPath },
      };
      return Promise.resolve(new Response(JSON.stringify({ metadata })));
    }
    if (!answer) throw new Error("fetch is not stubbed");
    return answer(input, init);
  });
  return server;
}

const socketAt = (path: string) => FakeTerminalSocket.at(`ws://${window.location.host}${path}`);

beforeEach(() => {
  FakeTerminalSocket.reset();
  xterm.written = [];
  xterm.typed = undefined;
  xterm.keyHandler = undefined;
  vi.stubGlobal("WebSocket", FakeTerminalSocket);
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe = xterm.nothing;
      disconnect = xterm.nothing;
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InstanceTerminalTab", () => {
  it("refuses, saying why, when the instance is stopped", async () => {
    const server = serve({ instance: { ...runningInstance, status: "stopped" } });
    renderInstancePage(terminalPath);
    expect(
      await screen.findByText("The terminal needs a running instance: this one is stopped."),
    ).toBeVisible();
    expect(server.calls.some((call) => call.path.endsWith("/exec"))).toBe(false);
    expect(FakeTerminalSocket.created).toEqual([]);
  });

  it("refuses, saying why, where the cluster's AMS offers no exec", async () => {
    const server = serve({}, ["instance_support"]);
    renderInstancePage(terminalPath);
    expect(
      await screen.findByText(
        `Cluster ${runningInstance.clusterId}'s AMS (version 1.14.0) does not offer a terminal: its API has no instance_exec extension.`,
      ),
    ).toBeVisible();
    expect(server.calls.some((call) => call.path.endsWith("/exec"))).toBe(false);
  });

  it("opens a shell of the terminal's size and pipes keystrokes and output", async () => {
    const server = serve();
    renderInstancePage(terminalPath);
    expect(await screen.findByText(/Connecting…/)).toBeVisible();
    await waitFor(() => {
      expect(FakeTerminalSocket.created).toHaveLength(2);
    });
    expect(server.calls).toContainEqual({
      method: "POST",
      path: "/api/instances/d1b2c3/exec",
      body: { height: 30, width: 100 },
    });
    const terminal = socketAt(terminalSocketPath);
    const control = socketAt(controlSocketPath);
    terminal.open();
    control.open();
    await waitFor(() => {
      expect(screen.queryByText(/Connecting…/)).not.toBeInTheDocument();
    });

    xterm.typed?.("ls\r");
    expect(new TextDecoder().decode(terminal.sent[0] as Uint8Array)).toBe("ls\r");
    terminal.receive(new TextEncoder().encode("boot.log\r\n").buffer);
    expect(new TextDecoder().decode(xterm.written[0] as Uint8Array)).toBe("boot.log\r\n");
  });

  it("shows Disconnected when the shell ends, and reconnects with a new shell", async () => {
    const user = userEvent.setup();
    const server = serve();
    renderInstancePage(terminalPath);
    await waitFor(() => {
      expect(FakeTerminalSocket.created).toHaveLength(2);
    });
    socketAt(terminalSocketPath).open();
    socketAt(controlSocketPath).open();
    socketAt(terminalSocketPath).serverClose();
    expect(await screen.findByText("Disconnected")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Reconnect" }));
    expect(await screen.findByText(/Connecting…/)).toBeVisible();
    await waitFor(() => {
      expect(FakeTerminalSocket.created).toHaveLength(4);
    });
    expect(server.calls.filter((call) => call.path.endsWith("/exec"))).toHaveLength(2);
  });

  it("closes the sockets when the instance stops", async () => {
    const server = serve();
    const { queryClient } = renderInstancePage(terminalPath);
    await waitFor(() => {
      expect(FakeTerminalSocket.created).toHaveLength(2);
    });
    server.instance = { ...runningInstance, status: "stopped" };
    await queryClient.invalidateQueries();
    expect(
      await screen.findByText("The terminal needs a running instance: this one is stopped."),
    ).toBeVisible();
    expect(FakeTerminalSocket.created.every((socket) => socket.closedByClient)).toBe(true);
  });

  it("says how to leave it, and Escape then Shift+Tab leaves it (Escape itself is the shell's)", async () => {
    serve();
    renderInstancePage(terminalPath);
    const screenArea = await screen.findByRole("group", { name: "Terminal" });
    const hint = screen.getByText(/to leave the terminal/);
    expect(hint).toHaveTextContent("Press Esc then Tab to leave the terminal");
    const input = within(screenArea).getByRole("textbox");
    expect(input).toHaveAttribute("aria-describedby", hint.id);
    input.focus();

    const key = (init: KeyboardEventInit) => {
      const event = new KeyboardEvent("keydown", { ...init, cancelable: true });
      return { handled: xterm.keyHandler?.(event), prevented: event.defaultPrevented };
    };
    // A lone Tab completes in the shell.
    expect(key({ key: "Tab" })).toEqual({ handled: true, prevented: false });
    expect(input).toHaveFocus();
    expect(key({ key: "Escape" })).toEqual({ handled: true, prevented: false });
    expect(key({ key: "Tab", shiftKey: true })).toEqual({ handled: false, prevented: true });
    expect(screenArea).not.toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole("tab", { name: "Terminal" })).toHaveFocus();
  });
});
