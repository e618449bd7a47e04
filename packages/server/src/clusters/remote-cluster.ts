import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config.ts";
import { AmsClient } from "./ams-client.ts";
import { GatewayClient } from "./gateway-client.ts";
import { httpsEndpoint } from "./cluster-endpoint.ts";
import type { ClusterHandle } from "./cluster-handle.ts";
import { resolveFrom, type RemoteClusterEntry } from "./clusters-file.ts";

/** Where the dashboard keeps its own client certificate for AMS (as `amc` keeps its own). */
export function dashboardClientCertificatePaths(dataDir: string): { cert: string; key: string } {
  return { cert: join(dataDir, "tls", "client.crt"), key: join(dataDir, "tls", "client.key") };
}

/**
 * The clients of a remote cluster: its AMS over mutual TLS with the dashboard's client
 * certificate, its gateway (if any) over TLS with its service-account token. Both servers'
 * certificates are pinned. Nothing is contacted here: a cluster that is down is only found out
 * by the calls, which each say so (one cluster down never takes the dashboard down).
 */
export function remoteCluster(
  entry: RemoteClusterEntry,
  clustersFile: string,
  dataDir: string,
): ClusterHandle {
  const own = dashboardClientCertificatePaths(dataDir);
  const path = (file: string) => resolveFrom(clustersFile, file);
  const client = new AmsClient(
    httpsEndpoint(entry.ams.url, {
      serverCertificate: readPem(entry.id, path(entry.ams.server_certificate)),
      clientCertificate: readPem(entry.id, path(entry.ams.client_certificate ?? own.cert)),
      clientKey: readPem(entry.id, path(entry.ams.client_key ?? own.key)),
    }),
  );
  const gateway =
    entry.gateway === undefined
      ? undefined
      : new GatewayClient(
          httpsEndpoint(entry.gateway.url, {
            serverCertificate: readPem(entry.id, path(entry.gateway.server_certificate)),
          }),
          path(entry.gateway.token_file),
        );
  return { id: entry.id, client, gateway };
}

function readPem(clusterId: string, file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Cluster ${clusterId}: cannot read ${file}: ${why}`);
  }
}
