import { copyFileSync, chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import type { X509Certificate } from "node:crypto";
import { clusterIdPattern } from "@anbox-dashboard/contract";
import type { ServerConfig } from "../config.ts";
import { AmsClient, AmsClientError } from "../clusters/ams-client.ts";
import { GatewayClient } from "../clusters/gateway-client.ts";
import { httpsEndpoint, socketEndpoint } from "../clusters/cluster-endpoint.ts";
import { ensureClientCertificate } from "../clusters/client-certificate.ts";
import {
  fetchServerCertificate,
  normaliseFingerprint,
} from "../clusters/fetch-server-certificate.ts";
import {
  isRemote,
  readClusters,
  writeClusters,
  type ClusterEntry,
  type RemoteClusterEntry,
} from "../clusters/clusters-file.ts";
import { remoteCluster } from "../clusters/remote-cluster.ts";
import { CliError } from "./cli-error.ts";
import { recordCliAudit } from "./cli-audit.ts";
import { withDatabase } from "./with-database.ts";
import type { CommandOutput } from "./register.ts";
import { askGatewaySessions, askServiceStatus } from "../ams/service.ts";

export const clusterUsage = `usage: bin/dashboard cluster <command>

commands:
  add ID --ams-url URL [--fingerprint SHA256]
         [--gateway-url URL --gateway-token-file FILE [--gateway-fingerprint SHA256]]
        manage a remote AMS (and its stream gateway) as cluster ID, as \`amc remote add\` does
  list  the clusters, each with whether it answers and its version
  remove ID
        stop managing cluster ID (an embedded cluster's data stays in DATA_DIR/clusters/ID)

The clusters are kept in DATA_DIR/clusters.json (or CLUSTERS_FILE); the running dashboard picks
up changes by itself.`;

/** How the command asks the operator a yes/no question; undefined where nobody can answer. */
export type Confirm = ((question: string) => Promise<boolean>) | undefined;

export async function clusterCommand(
  args: string[],
  config: ServerConfig,
  output: CommandOutput,
  confirm: Confirm,
): Promise<void> {
  const [action, ...rest] = args;
  switch (action) {
    case "add":
      await addCluster(rest, config, output, confirm);
      return;
    case "list":
      await listClusters(config, output);
      return;
    case "remove":
      await removeCluster(rest, config, output);
      return;
    default:
      throw new CliError(clusterUsage, 2);
  }
}

/** Where the dashboard keeps what it pinned and was given for a remote cluster. */
function remoteDir(config: ServerConfig, id: string): string {
  return join(config.dataDir, "remotes", id);
}

async function addCluster(
  args: string[],
  config: ServerConfig,
  output: CommandOutput,
  confirm: Confirm,
): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "ams-url": { type: "string" },
      fingerprint: { type: "string" },
      "gateway-url": { type: "string" },
      "gateway-token-file": { type: "string" },
      "gateway-fingerprint": { type: "string" },
    },
  });
  const [id] = positionals;
  const amsUrl = values["ams-url"];
  if (id === undefined || amsUrl === undefined) throw new CliError(clusterUsage, 2);
  if (!clusterIdPattern.test(id)) {
    throw new CliError(
      `"${id}" is not a cluster id: lowercase letters, digits and hyphens, starting with a letter`,
      2,
    );
  }
  const gatewayUrl = values["gateway-url"];
  const tokenFile = values["gateway-token-file"];
  if ((gatewayUrl === undefined) !== (tokenFile === undefined)) {
    throw new CliError("--gateway-url and --gateway-token-file go together", 2);
  }
  for (const url of [amsUrl, gatewayUrl]) {
    if (url !== undefined && !/^https:\/\/[^/]+/.test(url)) {
      throw new CliError(`${url} is not an https:// address (AMS listens on https://HOST:8444)`, 2);
    }
  }
  const clusters = readClusters(config.clustersFile, config.embeddedClusters);
  if (clusters.some((entry) => entry.id === id)) {
    throw new CliError(`Cluster ${id} is there already: remove it first to change it`, 1);
  }
  const write = (text: string) => output.stdout.write(`${text}\n`);

  // 1. The dashboard's own certificate, which AMS must trust.
  const client = ensureClientCertificate(config.dataDir);
  write(
    `${client.created ? "Made the dashboard's client certificate" : "The dashboard's client certificate"}: ${client.certPath}`,
  );
  write(`  SHA-256 ${client.certificate.fingerprint256}`);

  // 2. The AMS server's certificate, confirmed by its fingerprint, then pinned.
  const amsCertificate = await pinnedCertificate(
    "AMS",
    amsUrl,
    { given: values.fingerprint, flag: "--fingerprint" },
    confirm,
    write,
  );

  // 3. GET /1.0 over mutual TLS: does AMS answer, and trust the dashboard?
  const dir = remoteDir(config, id);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const amsCertificatePath = join(dir, "ams-server.crt");
  writeFileSync(amsCertificatePath, amsCertificate.toString(), { mode: 0o600 });
  const ams = new AmsClient(
    httpsEndpoint(amsUrl, {
      serverCertificate: amsCertificate.toString(),
      clientCertificate: readFileSync(client.certPath, "utf8"),
      clientKey: readFileSync(client.keyPath, "utf8"),
    }),
  );
  const service = await checked(() => askServiceStatus(ams), `AMS at ${amsUrl}`, dir);
  if (service.auth !== "trusted") {
    rmSync(dir, { recursive: true, force: true });
    throw new CliError(
      [
        `AMS at ${amsUrl} answers, but does not trust the dashboard's client certificate yet.`,
        `Trust it on the AMS machine, then run this command again:`,
        `  amc config trust add ${client.certPath}`,
        `  (a cluster run with bin/cluster: bin/cluster trust add ${client.certPath} --data-dir DIR)`,
      ].join("\n"),
      1,
    );
  }
  write(`AMS answers and trusts the dashboard (version ${service.server_version ?? "?"})`);

  // 4. The gateway, if any: its certificate (the same as AMS's needs no second confirmation) and
  // its token, kept in the dashboard's data directory.
  let gateway: RemoteClusterEntry["gateway"];
  if (gatewayUrl !== undefined && tokenFile !== undefined) {
    const gatewayCertificate = await pinnedCertificate(
      "the stream gateway",
      gatewayUrl,
      {
        given: values["gateway-fingerprint"],
        sameAs: amsCertificate.fingerprint256,
        flag: "--gateway-fingerprint",
      },
      confirm,
      write,
    );
    const gatewayCertificatePath = join(dir, "gateway-server.crt");
    writeFileSync(gatewayCertificatePath, gatewayCertificate.toString(), { mode: 0o600 });
    const tokenCopy = join(dir, "gateway-token");
    try {
      copyFileSync(tokenFile, tokenCopy);
      chmodSync(tokenCopy, 0o600);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw new CliError(`Cannot read the gateway's token file ${tokenFile}: ${String(error)}`, 1);
    }
    const gatewayClient = new GatewayClient(
      httpsEndpoint(gatewayUrl, { serverCertificate: gatewayCertificate.toString() }),
      tokenCopy,
    );
    await checked(
      () => askGatewaySessions(gatewayClient),
      `The stream gateway at ${gatewayUrl}`,
      dir,
    );
    write("The stream gateway answers and takes the token");
    gateway = {
      url: gatewayUrl,
      server_certificate: fromFile(config, gatewayCertificatePath),
      token_file: fromFile(config, tokenCopy),
    };
  }

  const entry: RemoteClusterEntry = {
    id,
    ams: { url: amsUrl, server_certificate: fromFile(config, amsCertificatePath) },
    ...(gateway === undefined ? {} : { gateway }),
  };
  writeClusters(config.clustersFile, [...clusters, entry]);
  await withDatabase(config, (db) =>
    recordCliAudit(db, "cluster-added", `cluster:${id}`, `AMS at ${amsUrl}`),
  );
  write(`Added cluster ${id} to ${config.clustersFile}; the running dashboard picks it up.`);
}

/**
 * The certificate the server at `url` presents, once its fingerprint is the one given (`given`),
 * or the one of a certificate already confirmed (`sameAs`: a gateway with AMS's certificate), or
 * the operator (at a terminal) said it is. Where nobody can answer, a fingerprint must be given.
 */
async function pinnedCertificate(
  what: string,
  url: string,
  expected: { given?: string | undefined; sameAs?: string; flag: string },
  confirm: Confirm,
  write: (text: string) => void,
): Promise<X509Certificate> {
  let certificate: X509Certificate;
  try {
    certificate = await fetchServerCertificate(url);
  } catch (error) {
    throw new CliError(`Cannot reach ${what} at ${url}: ${(error as Error).message}`, 1);
  }
  const fingerprint = certificate.fingerprint256;
  const matches = (text: string) =>
    normaliseFingerprint(text) === normaliseFingerprint(fingerprint);
  if (expected.given !== undefined) {
    if (matches(expected.given)) return certificate;
    throw new CliError(
      `Wrong fingerprint: ${what} at ${url} presents SHA-256 ${fingerprint}, not ${expected.given}. Nothing was added.`,
      1,
    );
  }
  if (expected.sameAs !== undefined && matches(expected.sameAs)) return certificate;
  write(`${what} at ${url} presents a certificate: ${certificate.subject}`);
  write(`  SHA-256 ${fingerprint}`);
  if (confirm === undefined) {
    throw new CliError(
      `Confirm that this is ${what}'s certificate: run again with ${expected.flag} ${fingerprint}`,
      1,
    );
  }
  if (!(await confirm(`Is this ${what}'s certificate? [y/N] `))) {
    throw new CliError("Not confirmed: nothing was added.", 1);
  }
  return certificate;
}

/** Runs a first call; its failure becomes the command's, in words, and what was kept is removed. */
async function checked<T>(call: () => Promise<T>, what: string, dir: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (error instanceof AmsClientError) {
      const why =
        error.statusCode === 401 || error.statusCode === 403
          ? `it refused the credentials: ${error.message}`
          : error.message;
      throw new CliError(`${what}: ${why}. Nothing was added.`, 1);
    }
    throw error;
  }
}

/** A path as the clusters file keeps it: relative to the file's directory. */
function fromFile(config: ServerConfig, path: string): string {
  return relative(dirname(config.clustersFile), path);
}

async function listClusters(config: ServerConfig, output: CommandOutput): Promise<void> {
  const clusters = readClusters(config.clustersFile, config.embeddedClusters);
  const rows = await Promise.all(
    clusters.map(async (entry) => [entry.id, where(entry), await reachability(config, entry)]),
  );
  const table = [["ID", "WHERE", "STATUS"], ...rows];
  const widths = [0, 1].map((column) =>
    Math.max(...table.map((row) => (row[column] ?? "").length)),
  );
  for (const row of table) {
    output.stdout.write(
      `${(row[0] ?? "").padEnd((widths[0] ?? 0) + 2)}${(row[1] ?? "").padEnd((widths[1] ?? 0) + 2)}${row[2] ?? ""}\n`,
    );
  }
}

function where(entry: ClusterEntry): string {
  if (!isRemote(entry)) return "embedded";
  return entry.gateway === undefined ? entry.ams.url : `${entry.ams.url} + gateway`;
}

/** Whether the cluster answers `GET /1.0` now, with its version, or why not. */
async function reachability(config: ServerConfig, entry: ClusterEntry): Promise<string> {
  try {
    const client = isRemote(entry)
      ? remoteCluster(entry, config.clustersFile, config.dataDir).client
      : new AmsClient(socketEndpoint(join(config.dataDir, "clusters", entry.id, "ams.socket")));
    const service = await askServiceStatus(client);
    const trust = service.auth === "untrusted" ? " (does not trust the dashboard)" : "";
    return `reachable, version ${service.server_version ?? "?"}${trust}`;
  } catch (error) {
    if (!isRemote(entry)) return "not running (it runs with the dashboard)";
    return `unreachable: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function removeCluster(
  args: string[],
  config: ServerConfig,
  output: CommandOutput,
): Promise<void> {
  const [id] = args;
  if (id === undefined) throw new CliError(clusterUsage, 2);
  const clusters = readClusters(config.clustersFile, config.embeddedClusters);
  const entry = clusters.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new CliError(`There is no cluster ${id}`, 1);
  writeClusters(
    config.clustersFile,
    clusters.filter((candidate) => candidate !== entry),
  );
  if (isRemote(entry)) rmSync(remoteDir(config, id), { recursive: true, force: true });
  await withDatabase(config, (db) =>
    recordCliAudit(db, "cluster-removed", `cluster:${id}`, isRemote(entry) ? "remote" : "embedded"),
  );
  output.stdout.write(
    isRemote(entry)
      ? `Removed cluster ${id}.\n`
      : `Removed cluster ${id}; its data stays in ${join(config.dataDir, "clusters", id)}.\n`,
  );
}
