// The embedded cloud run on its own, as an operator runs it on another machine (`bin/cluster
// serve`): its AMS API over mutual TLS and its stream gateway over TLS, here on loopback ports.
// The dashboard's API tests and the end-to-end tests add it as a remote cluster.
import { spawn, type ChildProcess } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface RemoteClusterProcess {
  name: string;
  dataDir: string;
  amsUrl: string;
  gatewayUrl: string;
  /** SHA-256 of its server certificate, as `bin/cluster serve` prints it. */
  fingerprint: string;
  tokenFile: string;
  /** Trusts a client certificate, as `bin/cluster trust add` does. */
  trust(certificateFile: string): Promise<void>;
  /** A call to its own AMS API over its local socket, as its operator would make it. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** Kills it and what it started (as a machine going down would). */
  kill(): Promise<void>;
  /** Starts it again on the same ports and data. */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

const cli = fileURLToPath(new URL("../../src/cli/cluster-cli.ts", import.meta.url));

export async function startRemoteClusterProcess(name: string): Promise<RemoteClusterProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `remote-cluster-${name}-`));
  let ports = { ams: "0", gateway: "0" };
  let child: ChildProcess | undefined;

  const launch = async () => {
    const started = spawn(
      process.execPath,
      [
        ...["--expose-gc", cli, "serve", "--data-dir", dataDir, "--name", name],
        ...["--ams-address", `127.0.0.1:${ports.ams}`],
        ...["--gateway-address", `127.0.0.1:${ports.gateway}`],
      ],
      // A process group of its own: a kill takes its encoders with it.
      { stdio: ["ignore", "pipe", "inherit"], detached: true },
    );
    child = started;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      started.stdout.setEncoding("utf8");
      started.stdout.on("data", (chunk: string) => {
        output += chunk;
        const ams = /AMS API +https:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        const gateway = /stream gateway +https:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (ams?.[1] !== undefined && gateway?.[1] !== undefined) {
          ports = { ams: ams[1], gateway: gateway[1] };
          resolve();
        }
      });
      started.once("exit", (code) => {
        reject(new Error(`cluster ${name} exited with ${String(code)}: ${output}`));
      });
    });
  };
  await launch();

  const kill = async () => {
    const running = child;
    if (running?.pid === undefined || running.exitCode !== null || running.signalCode !== null) {
      return;
    }
    const exited = new Promise((resolve) => running.once("exit", resolve));
    process.kill(-running.pid, "SIGKILL");
    await exited;
  };

  const socketPath = join(dataDir, "ams.socket");
  const call = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers =
        payload === undefined
          ? {}
          : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) };
      const req = request({ socketPath, method, path, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
        });
      });
      req.on("error", reject);
      req.end(payload);
    });

  return {
    name,
    dataDir,
    amsUrl: `https://127.0.0.1:${ports.ams}`,
    gatewayUrl: `https://127.0.0.1:${ports.gateway}`,
    fingerprint: new X509Certificate(readFileSync(join(dataDir, "tls", "server.crt")))
      .fingerprint256,
    tokenFile: join(dataDir, "gateway-token"),
    trust: (certificateFile) =>
      new Promise((resolve, reject) => {
        const trusting = spawn(
          process.execPath,
          [cli, "trust", "add", certificateFile, "--data-dir", dataDir],
          { stdio: "inherit" },
        );
        trusting.once("exit", (code) => {
          if (code === 0) resolve();
          else reject(new Error(`trust add exited with ${String(code)}`));
        });
      }),
    call,
    kill,
    restart: launch,
    destroy: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
