import { HttpError } from "@anbox-dashboard/http-kit";
import type { ClusterHandle } from "./cluster-handle.ts";

function describe(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function unknownCluster(clusters: readonly ClusterHandle[], id: unknown): HttpError {
  const known = clusters.map((cluster) => cluster.id).join(", ") || "none";
  return new HttpError(400, `Unknown cluster "${describe(id)}": known clusters are ${known}.`);
}

function findCluster(clusters: readonly ClusterHandle[], clusterId: unknown): ClusterHandle {
  const cluster =
    typeof clusterId === "string" ? clusters.find((c) => c.id === clusterId) : undefined;
  if (!cluster) throw unknownCluster(clusters, clusterId);
  return cluster;
}

/** The cluster a `?clusterId=` names; 400 naming it (and the known ones) when there is none. */
export function requireCluster(
  clusters: readonly ClusterHandle[],
  clusterId: unknown,
): ClusterHandle {
  if (clusterId === undefined || clusterId === "") {
    throw new HttpError(400, "Name a cluster: clusterId is required.");
  }
  return findCluster(clusters, clusterId);
}

/**
 * The cluster a `?clusterId=` names, or the first configured when it names none (the session info
 * is asked for before the user picked a cluster); 503 when there is no cluster at all.
 */
export function clusterOrFirst(
  clusters: readonly ClusterHandle[],
  clusterId: unknown,
): ClusterHandle {
  if (clusterId === undefined || clusterId === "") {
    const first = clusters[0];
    if (!first) throw new HttpError(503, "The dashboard has no cluster configured.");
    return first;
  }
  return findCluster(clusters, clusterId);
}

/**
 * The clusters a comma-joined `?subclusters=` names, in configuration order; every cluster when
 * the parameter is absent or empty. Any unknown id is a 400 naming it.
 */
export function selectClusters(
  clusters: readonly ClusterHandle[],
  subclusters: unknown,
): ClusterHandle[] {
  if (subclusters === undefined || subclusters === "") return [...clusters];
  if (typeof subclusters !== "string") {
    throw new HttpError(400, "Give subclusters once, as a comma-joined list of cluster ids.");
  }
  const wanted = new Set(
    subclusters
      .split(",")
      .map((id) => id.trim())
      .filter((id) => id !== ""),
  );
  for (const id of wanted) {
    if (!clusters.some((cluster) => cluster.id === id)) throw unknownCluster(clusters, id);
  }
  return clusters.filter((cluster) => wanted.has(cluster.id));
}
