import type { AmsApplication, ClusterApplication } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { readApplication as readAmsApplication } from "../../ams/applications.ts";
import { listImages } from "../../ams/images.ts";

/** The 404 of an application a cluster does not have: the cluster's own names the id alone. */
export function noSuchApplication(cluster: ClusterHandle, id: string): HttpError {
  return new HttpError(404, `Cluster "${cluster.id}" has no application "${id}".`);
}

/**
 * The names of a cluster's images by id: the cluster names an application's image by id only, and
 * the list shows its name. One call per cluster, whatever the number of applications.
 */
export async function imageNamesOf(cluster: ClusterHandle): Promise<Map<string, string>> {
  const images = await listImages(cluster);
  return new Map(images.map((image) => [image.id, image.name]));
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
    findApplication(cluster, id),
    imageNamesOf(cluster),
  ]);
  return toClusterApplication(application, cluster, imageNames);
}

/** The cluster's application by id or name; the cluster-naming 404 when it has none. */
export async function findApplication(cluster: ClusterHandle, id: string): Promise<AmsApplication> {
  try {
    return await readAmsApplication(cluster, id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404)
      throw noSuchApplication(cluster, id);
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
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      await findApplication(cluster, id); // throws the cluster-naming 404 when it is gone
    }
    throw error;
  }
}
