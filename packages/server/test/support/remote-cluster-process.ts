// The embedded cloud run on its own, as an operator runs it on another machine (`bin/cluster
// serve`): its AMS API over mutual TLS and its stream gateway over TLS, here on loopback ports.
import { spawn, type ChildProcess } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  /** Kills the process (as a machine going down would). */
  kill(): Promise<void>;
  /** Starts it again on the same ports and data. */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

const cli = fileURLToPath(import.meta.resolve("@anbox-dashboard/cluster/cli"));

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
      { stdio: ["ignore", "pipe", "inherit"] },
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
    if (running?.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };

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
    kill,
    restart: launch,
    destroy: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
