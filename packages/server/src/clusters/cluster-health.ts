import type { ClusterHealth } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "./cluster-handle.ts";
import { readServiceStatus } from "../ams/service.ts";

/** How often each cluster is asked whether it answers. */
export const healthCheckIntervalMs = 15_000;
/** A check gives up after this long: the cluster is then unreachable. */
const checkTimeoutMs = 5_000;

/**
 * Whether each cluster answers (`GET /1.0`), its version and API extensions: checked every 15 s
 * in the background, and at once for a cluster not seen before, so that `GET /api/clusters`
 * answers at once what is known (the status bar, what a page may offer on a cluster) and never
 * waits on a cluster that is down.
 */
export class ClusterHealthWatch {
  readonly #health = new Map<string, ClusterHealth>();
  readonly #checking = new Set<string>();
  readonly #clusters: () => readonly ClusterHandle[];
  readonly #timer: NodeJS.Timeout;

  constructor(clusters: () => readonly ClusterHandle[]) {
    this.#clusters = clusters;
    this.#timer = setInterval(() => {
      this.checkAll();
    }, healthCheckIntervalMs);
    this.#timer.unref();
  }

  /** What is known of the cluster now; a cluster not seen before is checked (undefined until then). */
  of(cluster: ClusterHandle): ClusterHealth | undefined {
    const known = this.#health.get(cluster.id);
    if (known === undefined) void this.check(cluster);
    return known;
  }

  checkAll(): void {
    const clusters = this.#clusters();
    const ids = new Set(clusters.map((cluster) => cluster.id));
    for (const id of this.#health.keys()) if (!ids.has(id)) this.#health.delete(id);
    for (const cluster of clusters) void this.check(cluster);
  }

  /** Asks the cluster once (one check at a time per cluster). */
  async check(cluster: ClusterHandle): Promise<void> {
    if (this.#checking.has(cluster.id)) return;
    this.#checking.add(cluster.id);
    const checkedAt = new Date().toISOString();
    try {
      const metadata = await readServiceStatus(cluster, checkTimeoutMs);
      // It answers, but only its open paths: it no longer trusts the dashboard's certificate.
      const refused = metadata.auth === "untrusted";
      this.#health.set(cluster.id, {
        reachable: !refused,
        ...(refused
          ? { message: `Cluster "${cluster.id}" does not trust the dashboard's client certificate` }
          : {}),
        version: metadata.server_version,
        api_extensions: metadata.api_extensions,
        checked_at: checkedAt,
      });
    } catch (error) {
      this.#health.set(cluster.id, {
        reachable: false,
        message: error instanceof Error ? error.message : String(error),
        checked_at: checkedAt,
      });
    } finally {
      this.#checking.delete(cluster.id);
    }
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
