// `bin/cluster`: an embedded cluster on its own, to be managed by a dashboard on this or another
// machine as a remote AMS is (docs/operators-guide.md).
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { X509Certificate } from "node:crypto";
import { runCluster } from "../run-cluster.ts";
import { ensureServerCertificate } from "../access/server-certificate.ts";
import { dashboardTokenFileName } from "../gateway/dashboard-token.ts";

const usage = `usage: bin/cluster <command>

commands:
  serve --data-dir DIR [--name NAME] [--ams-address HOST:PORT] [--gateway-address HOST:PORT]
        run a cluster on its own: its AMS API over mutual TLS (127.0.0.1:8444 by default) and
        its stream gateway over TLS (127.0.0.1:8445 by default); the other CLUSTER_* settings
        come from the environment
  trust add CERTIFICATE_FILE --data-dir DIR [--name NAME]
        trust a client certificate (a dashboard's), as \`amc config trust add\` does on AMS;
        the cluster must be running
`;

const args = process.argv.slice(2);
const [command, ...rest] = args;

switch (command) {
  case "serve":
    await serve(rest);
    break;
  case "trust":
    await trust(rest);
    break;
  case undefined:
  case "help":
  case "--help":
    process.stdout.write(usage);
    break;
  default:
    process.stderr.write(`Unknown command "${command}".\n\n${usage}`);
    process.exit(2);
}

async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      "data-dir": { type: "string" },
      name: { type: "string", default: "default" },
      "ams-address": { type: "string", default: "127.0.0.1:8444" },
      "gateway-address": { type: "string", default: "127.0.0.1:8445" },
    },
  });
  const dataDir = requireDataDir(values["data-dir"]);
  const cluster = await runCluster(dataDir, values.name, {
    ...process.env,
    CLUSTER_HTTPS_ADDRESS: values["ams-address"],
    CLUSTER_GATEWAY_ADDRESS: values["gateway-address"],
  });
  const certificate = new X509Certificate(
    ensureServerCertificate(dataDir, `ams-${values.name}`).cert,
  );
  const host = (address: string) => address.replace(/:\d+$/, "");
  console.log(`
Cluster ${values.name} serves, as a remote AMS does:
  AMS API        https://${host(values["ams-address"])}:${String(cluster.httpsPort)} (mutual TLS)
  stream gateway https://${host(values["gateway-address"])}:${String(cluster.gatewayHttpsPort)}
  certificate    SHA-256 ${certificate.fingerprint256}
  gateway token  ${join(dataDir, dashboardTokenFileName)} (give it to the dashboard; never print it)

Trust a dashboard's client certificate: bin/cluster trust add FILE --data-dir ${dataDir}`);
}

async function trust(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "data-dir": { type: "string" }, name: { type: "string" } },
  });
  const [action, file] = positionals;
  if (action !== "add" || file === undefined) fail(usage, 2);
  const dataDir = requireDataDir(values["data-dir"]);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(readFileSync(file));
  } catch (error) {
    fail(`${file} is not a PEM certificate: ${error instanceof Error ? error.message : ""}`, 2);
  }
  const socketPath = join(dataDir, "ams.socket");
  const added = await callSocket(socketPath, "POST", "/1.0/certificates", {
    certificate: certificate.raw.toString("base64"),
    name: values.name ?? certificate.subject.replace(/^CN=/, ""),
  });
  if (added.status >= 400) fail(`The cluster refused the certificate: ${added.error}`, 1);
  const operation = added.operation;
  if (operation !== undefined) {
    const waited = await callSocket(socketPath, "GET", `${operation}/wait?timeout=30`);
    if (waited.status >= 400) fail(`Adding the certificate failed: ${waited.error}`, 1);
  }
  console.log(`Trusted: ${certificate.subject}, SHA-256 ${certificate.fingerprint256}`);
}

function requireDataDir(value: string | undefined): string {
  if (value === undefined) fail(`--data-dir is required\n\n${usage}`, 2);
  return resolve(value);
}

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

/** One call to the cluster's local socket: its status, error and operation URL. */
function callSocket(
  socketPath: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; error: string; operation: string | undefined }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done) => {
    const req = request(
      {
        socketPath,
        method,
        path,
        headers:
          payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const envelope = JSON.parse(text) as { error?: string; operation?: string };
          done({
            status: res.statusCode ?? 0,
            error: envelope.error ?? "",
            operation: envelope.operation,
          });
        });
      },
    );
    req.on("error", (error) => {
      fail(`The cluster at ${socketPath} cannot be reached (is it running?): ${error.message}`, 1);
    });
    req.end(payload);
  });
}
