// A remote cluster, for real: the embedded cloud run on its own over TLS on loopback (as on
// another machine), added to a running dashboard with `bin/dashboard cluster add` as an operator
// adds a real AMS (mutual TLS, the server's certificate pinned), then used beside the dashboard's
// embedded cluster. And the refusals of `cluster add`, each with its message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer as createTlsServer, type Server as TlsServer } from "node:tls";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type {
  Cluster,
  InstanceExecResponse,
  InstanceOperationResponse,
  InstancesListResponse,
  SessionJoinResponse,
} from "@anbox-dashboard/contract";
import { readConfig, type ServerConfig } from "../src/config.ts";
import { clusterCommand, type Confirm } from "../src/cli/cluster-command.ts";
import { CliError } from "../src/cli/cli-error.ts";
import type { AuthHarness } from "./support/auth-harness.ts";
import { clusterClient, messageOf, startSignedIn } from "./support/signed-in-harness.ts";
import {
  startRemoteClusterProcess,
  type RemoteClusterProcess,
} from "../../cluster/test/helpers/remote-cluster-process.ts";
import { connect, expectOpened } from "./support/test-websocket.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;
let remote: RemoteClusterProcess;
let config: ServerConfig;
let scratch: string;
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { cookie };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

/** Runs `bin/dashboard cluster ...` on the dashboard's data directory; what it printed. */
async function clusterCli(args: string[], confirm?: Confirm): Promise<string> {
  let printed = "";
  const stdout = {
    write: (text: string) => {
      printed += text;
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  await clusterCommand(args, config, { stdout, stderr: stdout }, confirm);
  return printed;
}

/** The message a refused `cluster ...` ends with (it fails the test when it did not fail). */
async function refusal(args: string[], confirm?: Confirm): Promise<string> {
  try {
    await clusterCli(args, confirm);
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
  throw new Error(`cluster ${args.join(" ")} did not fail`);
}

async function clusterIds(): Promise<string[]> {
  const listed = await call("GET", "/api/clusters");
  return (listed.body as { id: string }[]).map((cluster) => cluster.id);
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 100 && !done(value); attempt++) {
    await sleep(100);
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie } = await startSignedIn(ada));
  remote = await startRemoteClusterProcess("lab");
  config = readConfig({ DATA_DIR: harness.dataDir }, "/nonexistent-repository-root");
  scratch = mkdtempSync(join(tmpdir(), "remote-cluster-test-"));
});

afterAll(async () => {
  await harness.stop();
  await remote.destroy();
  rmSync(scratch, { recursive: true, force: true });
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

describe("cluster add refuses, saying why, and adds nothing", () => {
  it("asks for the fingerprint where nobody can confirm it, and refuses a wrong one", async () => {
    const unconfirmed = await refusal(["add", "lab", "--ams-url", remote.amsUrl]);
    expect(unconfirmed).toContain(`--fingerprint ${remote.fingerprint}`);
    const declined = await refusal(["add", "lab", "--ams-url", remote.amsUrl], () =>
      Promise.resolve(false),
    );
    expect(declined).toContain("Not confirmed");
    const wrong = await refusal([
      ...["add", "lab", "--ams-url", remote.amsUrl],
      ...["--fingerprint", "AA:".repeat(31) + "AA"],
    ]);
    expect(wrong).toContain("Wrong fingerprint");
    expect(wrong).toContain(remote.fingerprint);
    expect(existsSync(config.clustersFile)).toBe(false);
  });

  it("says when AMS does not trust the dashboard yet, with the command that makes it", async () => {
    const untrusted = await refusal([
      ...["add", "lab", "--ams-url", remote.amsUrl, "--fingerprint", remote.fingerprint],
    ]);
    expect(untrusted).toContain("does not trust the dashboard's client certificate");
    expect(untrusted).toContain(
      `amc config trust add ${join(harness.dataDir, "tls", "client.crt")}`,
    );
    // The dashboard's client certificate was made, its key private.
    expect(statSync(join(harness.dataDir, "tls", "client.key")).mode & 0o777).toBe(0o600);
  });

  it("says when nothing listens at the address", async () => {
    const closed = await refusal([
      ...["add", "far", "--ams-url", "https://127.0.0.1:9", "--fingerprint", remote.fingerprint],
    ]);
    expect(closed).toContain("refuses connections");
  });

  it("says when the server's certificate has expired, even pinned", async () => {
    const server = await expiredTlsServer();
    try {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      const fingerprint = execFileSync(
        "openssl",
        ["x509", "-in", join(scratch, "expired.crt"), "-noout", "-fingerprint", "-sha256"],
        { encoding: "utf8" },
      )
        .trim()
        .replace(/^.*=/, "");
      const expired = await refusal([
        ...["add", "old", "--ams-url", `https://127.0.0.1:${String(port)}`],
        ...["--fingerprint", fingerprint],
      ]);
      expect(expired).toContain("certificate has expired");
    } finally {
      server.close();
    }
  });
});

describe("a remote cluster beside the embedded one", () => {
  it("is added once AMS trusts the dashboard, and the running dashboard picks it up", async () => {
    await remote.trust(join(harness.dataDir, "tls", "client.crt"));
    const printed = await clusterCli([
      ...["add", "lab", "--ams-url", remote.amsUrl, "--fingerprint", remote.fingerprint],
      ...["--gateway-url", remote.gatewayUrl, "--gateway-token-file", remote.tokenFile],
    ]);
    expect(printed).toContain("AMS answers and trusts the dashboard");
    expect(printed).toContain("The stream gateway answers and takes the token");
    // The token was copied, never printed.
    expect(printed).not.toContain(readFileSync(remote.tokenFile, "utf8").trim());
    expect(await eventually(clusterIds, (ids) => ids.includes("lab"))).toEqual(["default", "lab"]);
    const listed = await clusterCli(["list"]);
    expect(listed).toMatch(/lab +https:\/\/127\.0\.0\.1:\d+ \+ gateway +reachable, version/);
  });

  it("lists instances across both, and creates, reads and logs one on the remote", async () => {
    const created = await call("POST", "/api/instances?clusterId=lab", {
      name: "far-away",
      image_id: "jammy:android15:amd64",
      no_start: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect((created.body as InstanceOperationResponse).metadata.clusterId).toBe("lab");
    await clusterClient(harness).post("/1.0/instances", { name: "near-by", no_start: true });
    const list = await eventually(
      () => call("GET", "/api/instances"),
      (answer) => (answer.body as InstancesListResponse).metadata.length >= 2,
    );
    const instances = (list.body as InstancesListResponse).metadata;
    expect(instances.map((instance) => [instance.name, instance.clusterId])).toEqual(
      expect.arrayContaining([
        ["far-away", "lab"],
        ["near-by", "default"],
      ]),
    );
    const read = await call("GET", "/api/instances/far-away?clusterId=lab");
    expect(read.status).toBe(200);
    const logs = await call("GET", "/api/instances/far-away/logs?clusterId=lab");
    expect(logs.status).toBe(200);
  });

  it("relays its events over wss with the dashboard's client certificate", async () => {
    const auth = await fetch(`${harness.url}/api/events/auth?clusterId=lab`, {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(auth.status).toBe(200);
    const { token } = ((await auth.json()) as { metadata: { token: string } }).metadata;
    const ws = harness.url.replace("http:", "ws:");
    const events = expectOpened(
      await connect(`${ws}/ams/1/1.0/events?secret=${token}&type=lifecycle`, { cookie }),
    );
    const created = await call("POST", "/api/instances?clusterId=lab", {
      name: "far-shell",
      image_id: "jammy:android15:amd64",
    });
    expect(created.status).toBe(202);
    // Lifecycle events name instances by id: the creation is the one heard.
    await events.waitForMessage((message) => message.includes("instance-created"));
    events.socket.close();
    await events.closed;
  });

  it("relays a shell on it over wss", async (context) => {
    const running = await eventually(
      () => call("GET", "/api/instances/far-shell?clusterId=lab"),
      (answer) => (answer.body as { metadata?: { status: string } }).metadata?.status === "running",
    );
    expect((running.body as { metadata: { status: string } }).metadata.status).toBe("running");
    const exec = await call("POST", "/api/instances/far-shell/exec?clusterId=lab", {
      height: 24,
      width: 80,
    });
    if (exec.status === 503) context.skip(messageOf(exec.body)); // no sandbox on this machine
    expect(exec.status, JSON.stringify(exec.body)).toBe(200);
    const { sockets } = (exec.body as InstanceExecResponse).metadata;
    const ws = harness.url.replace("http:", "ws:");
    expect(sockets.terminal.startsWith("/ams/1/1.0/operations/")).toBe(true);
    const terminal = expectOpened(await connect(`${ws}${sockets.terminal}`, { cookie }));
    const control = expectOpened(await connect(`${ws}${sockets.control}`, { cookie }));
    terminal.socket.send(Buffer.from("echo far-$((6*7))\n"), { binary: true });
    await terminal.waitForMessage(() => /far-42\r?\n/.test(terminal.messages.join("")));
    terminal.socket.send(Buffer.from("exit\n"), { binary: true });
    await terminal.closed;
    control.socket.close();
  });

  it("streams through the remote gateway: the dashboard relays its wss signaling", async () => {
    const created = await call("POST", "/api/instances?clusterId=lab", {
      name: "far-stream",
      image_id: "jammy:android15:amd64",
      config: { enable_streaming: true, display: { width: 720, height: 1280, fps: 30 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const session = await eventually(
      () => call("GET", "/api/sessions"),
      (answer) =>
        (
          (answer.body as { metadata?: { status: string; instance_name: string }[] }).metadata ?? []
        ).some((row) => row.instance_name === "far-stream" && row.status === "active"),
    );
    const sessions = (session.body as { metadata: { id: string; instance_name: string }[] })
      .metadata;
    const id = sessions.find((row) => row.instance_name === "far-stream")?.id ?? "";
    const joined = await call("POST", `/api/sessions/${id}/join?clusterId=lab`, {});
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const { signaling_url: url } = joined.body as SessionJoinResponse;
    // The browser gets the dashboard's relay (cluster 1), never the remote gateway's address.
    expect(url.startsWith(`${harness.url.replace(/^http/, "ws")}/gateway/1/1.0/session/`)).toBe(
      true,
    );
    const signaling = expectOpened(await connect(url));
    signaling.socket.send(JSON.stringify({ type: "discover" }));
    const discovered = JSON.parse(
      await signaling.waitForMessage((message) => message.includes("resp:discover")),
    ) as { max_api_version: number };
    expect(discovered.max_api_version).toBe(2);
    signaling.socket.close();
    await signaling.closed;
  });

  it("answers a 503 naming it while it is down, and comes back by itself", async () => {
    await remote.kill();
    const down = await call("GET", "/api/instances/far-away?clusterId=lab");
    expect(down.status).toBe(503);
    expect(messageOf(down.body)).toMatch(/Cluster "lab" failed: .*refuses connections/);
    // The embedded cluster answers as usual, and lists across both show its instances and say
    // which cluster is missing and why.
    expect((await call("GET", "/api/instances/near-by?clusterId=default")).status).toBe(200);
    const partial = await call("GET", "/api/instances");
    expect(partial.status).toBe(200);
    const { metadata, unreachable } = partial.body as InstancesListResponse;
    expect(metadata.map((instance) => instance.clusterId)).toEqual(["default"]);
    expect(unreachable).toEqual([
      { clusterId: "lab", message: expect.stringMatching(/refuses connections/) as string },
    ]);
    for (const list of [
      "/api/nodes",
      "/api/images",
      "/api/applications",
      "/api/operations",
      "/api/sessions",
    ]) {
      const answer = await call("GET", list);
      expect([list, answer.status]).toEqual([list, 200]);
      const left = (answer.body as { unreachable?: { clusterId: string }[] }).unreachable;
      expect([list, left?.map((cluster) => cluster.clusterId)]).toEqual([list, ["lab"]]);
    }
    // The clusters' list (the status bar's source) says so by its next check, 15 s apart.
    const labHealth = async () =>
      ((await call("GET", "/api/clusters")).body as Cluster[]).find(
        (cluster) => cluster.id === "lab",
      )?.health;
    await expect.poll(labHealth, { timeout: 20_000, interval: 500 }).toMatchObject({
      reachable: false,
      message: expect.stringMatching(/refuses connections/) as string,
    });
    await remote.restart();
    expect((await call("GET", "/api/instances/far-away?clusterId=lab")).status).toBe(200);
  }, 40_000);

  it("is removed with cluster remove, and the running dashboard lets it go", async () => {
    expect(await clusterCli(["remove", "lab"])).toContain("Removed cluster lab");
    expect(await eventually(clusterIds, (ids) => !ids.includes("lab"))).toEqual(["default"]);
    expect(existsSync(join(harness.dataDir, "remotes", "lab"))).toBe(false);
    expect(await refusal(["remove", "lab"])).toContain("There is no cluster lab");
    // Both are in the audit trail, as the command line's.
    const audited = await harness.db
      .selectFrom("audit_log")
      .select(["action", "actor", "resource"])
      .where("resource", "=", "cluster:lab")
      .where("action", "in", ["cluster-added", "cluster-removed"])
      .orderBy("at")
      .execute();
    expect(audited.map((entry) => `${entry.action} ${entry.actor}`)).toEqual([
      "cluster-added cli",
      "cluster-removed cli",
    ]);
  });
});

/** A TLS server whose certificate expired: as AMS after its certificate ran out. */
async function expiredTlsServer(): Promise<TlsServer> {
  const key = join(scratch, "expired.key");
  const csr = join(scratch, "expired.csr");
  const cert = join(scratch, "expired.crt");
  execFileSync(
    "openssl",
    [
      ...["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-subj", "/CN=old-ams", "-keyout", key, "-out", csr],
    ],
    { stdio: "ignore" },
  );
  // Valid for no time at all: expired a moment after it is made.
  execFileSync("openssl", [
    "x509",
    "-req",
    "-in",
    csr,
    "-signkey",
    key,
    "-days",
    "0",
    "-out",
    cert,
  ]);
  await sleep(1_100);
  const server = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => {
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
