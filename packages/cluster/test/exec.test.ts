import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AmsExecOperationMetadata, AmsOperation } from "@anbox-dashboard/contract";
import { checkSandbox } from "../src/exec/sandbox.ts";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { connectUnix, refusalOf, type ReceivingSocket } from "./helpers/unix-websocket.ts";
import { insertInstanceRow } from "./helpers/instance-rows.ts";

vi.setConfig({ testTimeout: 20_000 });

let cluster: TestCluster;

/** Adds an instance row (as the instances code would) and its rootfs directory. */
async function addInstance(id: string, name: string, status: string): Promise<string> {
  await insertInstanceRow(cluster, {
    id,
    name,
    status,
    desired_status: status === "stopped" ? "stopped" : "running",
    image_name: "jammy:android14:amd64",
  });
  const rootfs = join(cluster.dataDir, "instances", id, "rootfs");
  mkdirSync(join(rootfs, "system"), { recursive: true });
  return rootfs;
}

interface Exec {
  operation: AmsOperation;
  fds: Record<string, ReceivingSocket>;
}

async function startExec(instance: string, body: Record<string, unknown>): Promise<Exec> {
  const response = await cluster.request<AmsOperation>("POST", `/1.0/instances/${instance}/exec`, {
    body,
  });
  expect(response.status, response.text).toBe(202);
  const operation = response.body.metadata;
  expect(operation.class).toBe("websocket");
  const { fds } = operation.metadata as AmsExecOperationMetadata;
  const sockets: Record<string, ReceivingSocket> = {};
  for (const [fd, secret] of Object.entries(fds)) {
    sockets[fd] = await connectUnix(
      cluster.running.socketPath,
      `/1.0/operations/${operation.id}/websocket?secret=${secret}`,
    );
  }
  return { operation, fds: sockets };
}

function shell(instance: string): Promise<Exec> {
  return startExec(instance, {
    command: ["/bin/sh"],
    environment: { PS1: "$ " },
    interactive: true,
    width: 80,
    height: 24,
    "wait-for-websocket": true,
  });
}

function type(exec: Exec, text: string): void {
  exec.fds["0"]?.socket.send(Buffer.from(text), { binary: true });
}

/**
 * An output line (the terminal echoes what is typed, so matches anchor on whole lines; the prompt
 * may come before the output when input was typed ahead).
 */
function line(pattern: string): RegExp {
  return new RegExp(`(?:^|\\n)(?:\\$ )*${pattern}\\r?\\n`);
}

let rootfs: string;
const sandboxAvailable = checkSandbox().available;

beforeAll(async () => {
  cluster = await startTestCluster();
  rootfs = await addInstance("d0execrunning0000001", "shell-device", "running");
  await addInstance("d0execstopped0000001", "off-device", "stopped");
  // Another device's files, which a shell in the first one must not see.
  const other = await addInstance("d0execother000000001", "other-device", "running");
  writeFileSync(join(other, "system", "secret.txt"), "other\n");
});

afterAll(async () => {
  await cluster.destroy();
});

describe.skipIf(!sandboxAvailable)("exec in a running instance", () => {
  it("runs a shell in a terminal and ends with its exit code", async () => {
    const exec = await shell("shell-device");
    expect(Object.keys(exec.fds).sort()).toEqual(["0", "control"]);
    type(exec, "echo $((6*7))\n");
    await exec.fds["0"]?.waitFor(line("42"));
    type(exec, "hostname\n");
    await exec.fds["0"]?.waitFor(line("shell-device"));
    type(exec, "exit 7\n");
    const done = await cluster.waitOperation(exec.operation.id);
    expect(done.status).toBe("Success");
    expect(done.metadata).toMatchObject({ return: 7, fds: expect.any(Object) as unknown });
    await exec.fds["0"]?.closed;
  });

  it("hangs up the shell of a terminal its user left: it ends as hung up, not killed", async () => {
    const exec = await shell("shell-device");
    type(exec, "echo $((6*7))\n");
    await exec.fds["0"]?.waitFor(line("42"));
    exec.fds["0"]?.socket.close();
    const done = await cluster.waitOperation(exec.operation.id);
    expect(done.metadata).toMatchObject({ return: 128 + 1 });
  });

  it("kills a command that ignores the hang-up once the grace is over", async () => {
    const exec = await startExec("shell-device", {
      command: ["/bin/sh", "-c", "trap '' HUP; echo ready; sleep 600"],
      interactive: true,
      width: 80,
      height: 24,
    });
    await exec.fds["0"]?.waitFor(/ready/);
    exec.fds["0"]?.socket.close();
    const done = await cluster.waitOperation(exec.operation.id);
    expect(done.metadata).toMatchObject({ return: 128 + 9 });
  });

  it("resizes the terminal on a window-resize control message", async () => {
    const exec = await shell("shell-device");
    type(exec, "stty size\n");
    await exec.fds["0"]?.waitFor(line("24 80"));
    exec.fds.control?.socket.send(
      JSON.stringify({ command: "window-resize", args: { width: "120", height: "40" } }),
    );
    type(exec, "stty size\n");
    await exec.fds["0"]?.waitFor(line("40 120"));
    type(exec, "exit\n");
    expect((await cluster.waitOperation(exec.operation.id)).metadata).toMatchObject({ return: 0 });
  });

  it("writes into the instance's rootfs and sees nothing else of the host", async () => {
    const exec = await shell("shell-device");
    type(exec, "echo hi > /data/x && echo wr''itten\n");
    await exec.fds["0"]?.waitFor(line("written"));
    expect(readFileSync(join(rootfs, "data", "x"), "utf8")).toBe("hi\n");

    type(exec, "echo BEG''IN; ls -a /; echo E''ND\n");
    const [listing] = (await exec.fds["0"]?.waitFor(/BEGIN\r?\n([^]*?)END/)) ?? [];
    const names = (listing ?? "").split(/\s+/);
    expect(names).toEqual(expect.arrayContaining(["data", "system", "usr", "proc", "tmp"]));
    for (const hostOnly of ["root", "home", "etc", "instances", "var"]) {
      expect(names).not.toContain(hostOnly);
    }
    type(exec, "ls /root; cat /system/secret.txt; echo status=$?\n");
    await exec.fds["0"]?.waitFor(line("status=1"));
    expect(exec.fds["0"]?.text()).not.toMatch(line("other"));
    type(exec, "exit\n");
    await cluster.waitOperation(exec.operation.id);
    expect(existsSync(join(cluster.dataDir, "x"))).toBe(false);
  });

  it("runs a non-interactive command with separate stdout and stderr", async () => {
    const exec = await startExec("d0execrunning0000001", {
      command: ["/bin/sh", "-c", "read v; echo out=$v; echo err >&2; exit 3"],
    });
    expect(Object.keys(exec.fds).sort()).toEqual(["0", "1", "2", "control"]);
    exec.fds["0"]?.socket.send(Buffer.from("piped\n"), { binary: true });
    await exec.fds["1"]?.waitFor(/out=piped\n/);
    await exec.fds["2"]?.waitFor(/err\n/);
    const done = await cluster.waitOperation(exec.operation.id);
    expect(done.metadata).toMatchObject({ return: 3 });
  });

  it("signals the command on a signal control message", async () => {
    const exec = await startExec("shell-device", { command: ["sleep", "600"] });
    exec.fds.control?.socket.send(JSON.stringify({ command: "signal", signal: 15 }));
    const done = await cluster.waitOperation(exec.operation.id);
    expect(done.metadata).toMatchObject({ return: 128 + 15 });
  });

  it("refuses a wrong secret with 403", async () => {
    const response = await cluster.request<AmsOperation>(
      "POST",
      "/1.0/instances/shell-device/exec",
      { body: { command: ["/bin/sh"], interactive: true } },
    );
    const refusal = await refusalOf(
      connectUnix(
        cluster.running.socketPath,
        `/1.0/operations/${response.body.metadata.id}/websocket?secret=wrong`,
      ),
    );
    expect(refusal.status).toBe(403);
    // The operation is still waiting for its real clients; cancel it.
    await cluster.request("DELETE", `/1.0/operations/${response.body.metadata.id}`);
    expect((await cluster.waitOperation(response.body.metadata.id)).status).toBe("Cancelled");
  });
});

describe("exec refusals", () => {
  it("refuses a stopped instance with 400", async () => {
    const response = await cluster.request("POST", "/1.0/instances/off-device/exec", {
      body: { command: ["/bin/sh"], interactive: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      "Instance off-device is stopped: the terminal works while it is running or started",
    );
  });

  it("answers 404 for an unknown instance", async () => {
    const response = await cluster.request("POST", "/1.0/instances/nobody/exec", {
      body: { command: ["/bin/sh"] },
    });
    expect(response.status).toBe(404);
  });

  it.each([
    [{}, "command"],
    [{ command: [] }, "command"],
    [{ command: "/bin/sh" }, "command"],
    [{ command: ["/bin/sh"], width: 0 }, "width"],
    [{ command: ["/bin/sh"], environment: { "A=B": "x" } }, "environment"],
    [{ command: ["/bin/sh"], interactive: "yes" }, "interactive"],
    [{ command: ["/bin/sh"], user: 1000 }, "user"],
  ])("refuses the body %j naming %s", async (body, field) => {
    const response = await cluster.request("POST", "/1.0/instances/shell-device/exec", { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(field);
  });

  it("answers 404 for the websocket of an operation that is not an exec", async () => {
    const refusal = await refusalOf(
      connectUnix(
        cluster.running.socketPath,
        "/1.0/operations/5d0c3c6e-8f43-4f0e-9a51-3f5a3c2b1a00/websocket?secret=x",
      ),
    );
    expect(refusal.status).toBe(404);
  });
});
