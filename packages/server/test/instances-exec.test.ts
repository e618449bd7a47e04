// POST /api/instances/{id}/exec and the operation websocket relay, against the real dashboard and
// embedded cluster: a shell through both relayed sockets, its size from JSON or form data, and
// the refusals before and after the upgrade.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { type AmsOperation, type InstanceExecResponse } from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  startSignedIn,
  waitForSuccess,
} from "./support/signed-in-harness.ts";
import { connect, expectOpened, type TestSocket } from "./support/test-websocket.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;
/** Why the cluster cannot run shells on this machine (no sandbox), when it cannot. */
let execUnavailable: string | undefined;

async function createInstance(body: Record<string, unknown>): Promise<void> {
  const started = await clusterClient(harness).post<AmsOperation>("/1.0/instances", body);
  await waitForSuccess(clusterClient(harness), started.metadata.id);
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie } = await startSignedIn(ada));
  await createInstance({ name: "shell-here" });
  await createInstance({ name: "switched-off", no_start: true });
  const probe = await exec("shell-here", { height: 24, width: 80 });
  if (probe.status === 503) execUnavailable = messageOf(probe.body);
  else await cancel(probe);
});

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

interface Answer {
  status: number;
  body: unknown;
}

async function exec(
  instance: string,
  body: unknown,
  options: { form?: "urlencoded" | "multipart"; clusterId?: string } = {},
): Promise<Answer> {
  const init: RequestInit = { method: "POST", headers: { cookie } };
  if (options.form === "urlencoded") {
    init.body = new URLSearchParams(body as Record<string, string>);
  } else if (options.form === "multipart") {
    const form = new FormData();
    for (const [name, value] of Object.entries(body as Record<string, string>)) {
      form.set(name, value);
    }
    init.body = form;
  } else {
    init.headers = { cookie, "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(
    `${harness.url}/api/instances/${instance}/exec?clusterId=${options.clusterId ?? "default"}`,
    init,
  );
  return { status: response.status, body: await response.json() };
}

function execAnswer(answer: Answer): InstanceExecResponse["metadata"] {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as InstanceExecResponse).metadata;
}

/** Cancels an exec whose sockets were never all connected (it would wait a minute for them). */
async function cancel(answer: Answer): Promise<void> {
  await clusterClient(harness).delete(`/1.0/operations/${execAnswer(answer).operation}`);
}

function relayUrl(path: string): string {
  return `${harness.url.replace("http:", "ws:")}${path}`;
}

/**
 * A whole output line: the terminal echoes what is typed, so matches anchor on lines, and the
 * shell's prompt may come before the output when input was typed ahead.
 */
function line(text: string): RegExp {
  return new RegExp(`(?:^|\\n)(?:[#$] )*${text}\\r?\\n`);
}

/** Resolves once the socket's text so far matches; fails when the socket closes first. */
function waitForOutput(terminal: TestSocket, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const text = terminal.messages.join("");
      if (!pattern.test(text)) return false;
      terminal.socket.off("message", check);
      resolve(text);
      return true;
    };
    if (check()) return;
    terminal.socket.on("message", check);
    void terminal.closed.then((closed) => {
      if (!check()) {
        const text = terminal.messages.join("");
        reject(new Error(`closed (${String(closed.code)}) before ${String(pattern)}: ${text}`));
      }
    });
  });
}

/** The audit entries of a terminal, newest first: [action, detail]. */
async function terminalEntries(operation: string): Promise<[string, string][]> {
  const rows = await harness.db
    .selectFrom("audit_log")
    .select(["action", "detail", "resource"])
    .where("detail", "like", `%${operation}%`)
    .orderBy("at", "desc")
    .execute();
  expect(rows.every((row) => row.resource.startsWith("instance:default/"))).toBe(true);
  return rows.map((row) => [row.action, row.detail]);
}

interface Shell {
  operation: string;
  terminal: TestSocket;
  control: TestSocket;
}

async function openShell(answer: Answer): Promise<Shell> {
  const { operation, clusterId, sockets } = execAnswer(answer);
  expect(clusterId).toBe("default");
  const prefix = `/ams/0/1.0/operations/${operation}/websocket?secret=`;
  expect(sockets.terminal.startsWith(prefix)).toBe(true);
  expect(sockets.control.startsWith(prefix)).toBe(true);
  expect(sockets.terminal).not.toBe(sockets.control);
  const terminal = expectOpened(await connect(relayUrl(sockets.terminal), { cookie }));
  const control = expectOpened(await connect(relayUrl(sockets.control), { cookie }));
  return { operation, terminal, control };
}

function type(shell: Shell, text: string): void {
  shell.terminal.socket.send(Buffer.from(text), { binary: true });
}

describe("a shell through the relay", () => {
  it("runs commands typed on the terminal socket and resizes on the control socket", async (context) => {
    if (execUnavailable !== undefined) context.skip(execUnavailable);
    const shell = await openShell(await exec("shell-here", { height: 24, width: 80 }));
    type(shell, "echo hello-$((6*7))\n");
    await waitForOutput(shell.terminal, line("hello-42"));
    type(shell, "stty size\n");
    await waitForOutput(shell.terminal, line("24 80"));
    shell.control.socket.send(
      JSON.stringify({ command: "window-resize", args: { width: "132", height: "40" } }),
    );
    type(shell, "stty size\n");
    await waitForOutput(shell.terminal, line("40 132"));
    type(shell, "exit 3\n");
    // The shell's end closes the cluster's sockets, and the relay closes the browser's.
    await shell.terminal.closed;
    await shell.control.closed;
    const done = await clusterClient(harness).get<AmsOperation>(
      `/1.0/operations/${shell.operation}/wait?timeout=10`,
    );
    expect(done.metadata.metadata).toMatchObject({ return: 3 });
    // In the audit trail: opened by the exec call, closed once though both sockets closed.
    await expect
      .poll(() => terminalEntries(shell.operation), { timeout: 5_000 })
      .toEqual([
        ["terminal-closed", expect.stringMatching(/^operation .+, open for \d+ s$/) as string],
        ["terminal-opened", `200 · operation ${shell.operation}`],
      ]);
  });

  it("takes the terminal's size as form data, urlencoded or multipart", async (context) => {
    if (execUnavailable !== undefined) context.skip(execUnavailable);
    for (const [form, size] of [
      ["urlencoded", { height: "30", width: "100" }],
      ["multipart", { height: "31", width: "101" }],
    ] as const) {
      const shell = await openShell(await exec("shell-here", size, { form }));
      type(shell, "stty size\n");
      await waitForOutput(shell.terminal, line(`${size.height} ${size.width}`));
      // The browser leaving ends the shell: the relay closes the cluster's side too.
      shell.terminal.socket.close(1000);
      shell.control.socket.close(1000);
      const done = await clusterClient(harness).get<AmsOperation>(
        `/1.0/operations/${shell.operation}/wait?timeout=10`,
      );
      expect(done.metadata.status_code).toBeGreaterThanOrEqual(200);
    }
  });

  it("closes with 4003 and the cluster's reason when the secret is refused", async (context) => {
    if (execUnavailable !== undefined) context.skip(execUnavailable);
    const answer = await exec("shell-here", { height: 24, width: 80 });
    const { sockets } = execAnswer(answer);
    const wrong = sockets.terminal.replace(/secret=[^&]+/, "secret=wrong");
    const opened = expectOpened(await connect(relayUrl(wrong), { cookie }));
    const closed = await opened.closed;
    expect(closed.code).toBe(4003);
    expect(closed.reason).toMatch(/^Operation secret refused by cluster default: Refused/);
    await cancel(answer);
  });
});

describe("exec refusals", () => {
  it("refuses a bad terminal size with 400 naming it", async () => {
    for (const [body, message] of [
      [{ height: 0, width: 80 }, "height must be at least 1"],
      [{ height: 24, width: "wide" }, "width must be a number"],
      [{ height: 24.5, width: 80 }, "height must be a whole number"],
      [{ width: 80 }, "height must be a number"],
      [{ height: 24, width: 5000 }, "width must be at most 1000"],
    ] as const) {
      const answer = await exec("shell-here", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(messageOf(answer.body)).toContain(message);
    }
    const form = await exec("shell-here", { height: "", width: "80" }, { form: "urlencoded" });
    expect(messageOf(form.body)).toContain("height must be at least 1");
  });

  it("passes the cluster's refusals on: a stopped instance, an unknown one", async () => {
    const stopped = await exec("switched-off", { height: 24, width: 80 });
    expect(stopped.status).toBe(400);
    expect(messageOf(stopped.body)).toBe(
      "Instance switched-off is stopped: the terminal works while it is running or started",
    );
    const ghost = await exec("ghost", { height: 24, width: 80 });
    expect(ghost.status).toBe(404);
    const cluster = await exec("shell-here", { height: 24, width: 80 }, { clusterId: "nope" });
    expect(cluster.status).toBe(400);
  });

  it("refuses the relay before the upgrade: no secret, a bad operation id, no session, no such operation", async () => {
    const operation = randomUUID();
    const base = relayUrl(`/ams/0/1.0/operations/${operation}/websocket`);
    expect(await connect(base, { cookie })).toMatchObject({ refused: 400 });
    expect(await connect(`${base}?secret=`, { cookie })).toMatchObject({ refused: 400 });
    expect(
      await connect(relayUrl("/ams/0/1.0/operations/not-an-id/websocket?secret=x"), { cookie }),
    ).toMatchObject({ refused: 400 });
    expect(await connect(`${base}?secret=x`)).toMatchObject({ refused: 401 });
    expect(
      await connect(relayUrl(`/ams/1/1.0/operations/${operation}/websocket?secret=x`), {
        cookie,
      }),
    ).toMatchObject({ refused: 404 });
    // An operation the cluster does not have: its instance cannot be decided on, so no upgrade.
    expect(await connect(`${base}?secret=x`, { cookie })).toMatchObject({ refused: 404 });
  });
});
