import { request } from "node:http";
import { join } from "node:path";
import { currentDashboard, repositoryRoot } from "./product.ts";

// The embedded cluster's own AMS API, over its Unix socket, as another client of the cluster (an
// operator's script, AMS's CLI) would use it: what the dashboard must then show without a reload.

export interface ClusterAnswer {
  status: number;
  body: { metadata?: unknown; operation?: string; error?: string };
}

/** Which embedded cluster of which e2e dashboard: the running test's `default` unless told. */
export interface ClusterTarget {
  dataDir: string;
  clusterId: string;
}

function defaultCluster(): ClusterTarget {
  return { dataDir: currentDashboard().dataDir, clusterId: "default" };
}

/** The Unix socket of an embedded cluster's AMS API. */
export function clusterSocketPath(target: ClusterTarget = defaultCluster()): string {
  return join(repositoryRoot, target.dataDir, "clusters", target.clusterId, "ams.socket");
}

export function clusterRequest(
  method: string,
  path: string,
  body?: unknown,
  target: ClusterTarget = defaultCluster(),
): Promise<ClusterAnswer> {
  const socketPath = clusterSocketPath(target);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
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
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as ClusterAnswer["body"] });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Creates an instance from the default image; resolves once its operation has ended. */
export async function createInstanceThroughCluster(
  fields: Record<string, unknown>,
  target?: ClusterTarget,
): Promise<{ id: string; status: number }> {
  const created = await clusterRequest(
    "POST",
    "/1.0/instances",
    { image_id: "jammy:android15:amd64", ...fields },
    target,
  );
  if (created.status !== 202 || created.body.operation === undefined) {
    throw new Error(`the cluster refused the instance: ${JSON.stringify(created.body)}`);
  }
  const waited = await clusterRequest(
    "GET",
    `${created.body.operation}/wait?timeout=60`,
    undefined,
    target,
  );
  // The operation names its instance: resources.instances = ["/1.0/instances/<id>"].
  const operation = waited.body.metadata as { resources?: { instances?: string[] } };
  const id = operation.resources?.instances?.[0]?.split("/").at(-1) ?? "";
  return { id, status: created.status };
}
