import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { clusterIdPattern } from "@anbox-dashboard/contract";
import { ConfigError } from "../config.ts";

// The clusters the dashboard manages, as configuration: `clusters.json` in the data directory (or
// the file CLUSTERS_FILE names). Each is embedded (this dashboard runs it) or remote (an AMS on
// another machine, over mutual TLS, with its stream gateway if it has one). Paths in the file are
// relative to the file's directory; the file holds no secret itself: keys and tokens are files of
// their own, mode 0600, which the dashboard reads and never prints.

const certificatePath = z.string().min(1);

const remoteService = z.strictObject({
  /** `https://host:port` of the service. */
  url: z.url({ protocol: /^https$/, error: "must be an https:// URL" }),
  /** PEM file: the server's certificate, pinned (or the CA that signed it). */
  server_certificate: certificatePath,
});

const clusterEntry = z.union([
  z.strictObject({
    id: z.string().regex(clusterIdPattern, "must be lowercase letters, digits and hyphens"),
    embedded: z.literal(true),
  }),
  z.strictObject({
    id: z.string().regex(clusterIdPattern, "must be lowercase letters, digits and hyphens"),
    ams: remoteService.extend({
      /** PEM files of the dashboard's client certificate and key; the dashboard's own by default. */
      client_certificate: certificatePath.optional(),
      client_key: certificatePath.optional(),
    }),
    gateway: remoteService
      .extend({
        /** A file holding the gateway's service-account token. */
        token_file: certificatePath,
      })
      .optional(),
  }),
]);

const clustersFileSchema = z.strictObject({ clusters: z.array(clusterEntry) });

export type ClusterEntry = z.infer<typeof clusterEntry>;
export type RemoteClusterEntry = Extract<ClusterEntry, { ams: unknown }>;

export function isRemote(entry: ClusterEntry): entry is RemoteClusterEntry {
  return "ams" in entry;
}

/**
 * The clusters the file lists, or, without a file, the embedded ones of EMBEDDED_CLUSTERS (one,
 * `default`, unless set): the dashboard as it always was. A file that does not parse, or lists an
 * id twice, is a configuration error that names what is wrong.
 */
export function readClusters(path: string, embeddedIds: readonly string[]): ClusterEntry[] {
  if (!existsSync(path)) return embeddedIds.map((id) => ({ id, embedded: true as const }));
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`${path} is not JSON: ${error instanceof Error ? error.message : ""}`);
  }
  const parsed = clustersFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    throw new ConfigError(
      `${path}: ${where === "" ? "" : `${where}: `}${issue?.message ?? "invalid"}`,
    );
  }
  const ids = parsed.data.clusters.map((entry) => entry.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new ConfigError(`${path} lists cluster "${twice}" twice`);
  return parsed.data.clusters;
}

/** Writes the clusters file whole (a new file renamed over the old: never half written). */
export function writeClusters(path: string, clusters: readonly ClusterEntry[]): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const next = `${path}.${String(process.pid)}.new`;
  writeFileSync(next, `${JSON.stringify({ clusters }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, path);
}

/** A path of the file, resolved against the file's directory. */
export function resolveFrom(clustersFile: string, path: string): string {
  return isAbsolute(path) ? path : resolve(dirname(clustersFile), path);
}
