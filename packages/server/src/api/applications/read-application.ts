import type { AmsApplication, AmsImage, ClusterApplication } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { callCluster } from "../../clusters/cluster-call.ts";
import { ApiError } from "../../http/api-error.ts";

/** The cluster's path of an application (by id or name). */
export function applicationPath(id: string): string {
  return `/1.0/applications/${encodeURIComponent(id)}`;
}

/** The 404 of an application a cluster does not have: the cluster's own names the id alone. */
export function noSuchApplication(cluster: ClusterHandle, id: string): ApiError {
  return new ApiError(404, `Cluster "${cluster.id}" has no application "${id}".`);
}

/**
 * The names of a cluster's images by id: the cluster names an application's image by id only, and
 * the list shows its name. One call per cluster, whatever the number of applications.
 */
export async function imageNamesOf(cluster: ClusterHandle): Promise<Map<string, string>> {
  const { metadata } = await callCluster(cluster, (signal) =>
    cluster.client.get<AmsImage[]>("/1.0/images?recursion=1", signal),
  );
  return new Map(metadata.map((image) => [image.id, image.name]));
}

/** An application as `/api` answers it: with its cluster and its image's name. */
export function toClusterApplication(
  application: AmsApplication,
  cluster: ClusterHandle,
  imageNames: ReadonlyMap<string, string>,
): ClusterApplication {
  return {
    ...application,
    clusterId: cluster.id,
    parent_image_name: imageNames.get(application.parent_image_id) ?? "",
  };
}

/** One application; 404 naming the cluster and the id when the cluster has none by that id. */
export async function readApplication(
  cluster: ClusterHandle,
  id: string,
): Promise<ClusterApplication> {
  const [application, imageNames] = await Promise.all([
    readAmsApplication(cluster, id),
    imageNamesOf(cluster),
  ]);
  return toClusterApplication(application, cluster, imageNames);
}

async function readAmsApplication(cluster: ClusterHandle, id: string): Promise<AmsApplication> {
  try {
    const result = await callCluster(cluster, (signal) =>
      cluster.client.get<AmsApplication>(applicationPath(id), signal),
    );
    return result.metadata;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw noSuchApplication(cluster, id);
    throw error;
  }
}

/**
 * A call about one application (or one of its versions). The cluster's 404 names either the
 * application or the version: when the application itself is missing, the answer names the
 * cluster and the id; a missing version keeps the cluster's words ("has no version 7").
 */
export async function callAboutApplication<T>(
  cluster: ClusterHandle,
  id: string,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  try {
    return await callCluster(cluster, call);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) {
      await readAmsApplication(cluster, id); // throws the cluster-naming 404 when it is gone
    }
    throw error;
  }
}
