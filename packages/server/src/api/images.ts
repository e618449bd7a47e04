import type { FastifyInstance } from "fastify";
import {
  imagesListQuerySchema,
  type AmsImage,
  type ClusterImage,
  type ImagesListResponse,
  type ImageType,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { ApiError } from "../http/api-error.ts";
import { selectClusters } from "../clusters/choose-cluster.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import { parseInput } from "../input/parse-input.ts";

/**
 * `GET /api/images?type=container|vm&subclusters=`: every image of the named clusters (all when
 * none are named), each with its `clusterId`, in configuration order and then in each cluster's
 * own order (oldest first). Not paged: a cluster holds a handful of images.
 */
export function registerImagesRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get("/api/images", async (request): Promise<ImagesListResponse> => {
    if (!request.user) throw new ApiError(401, "You are not signed in.");
    const { type, subclusters } = parseInput(imagesListQuerySchema, request.query ?? {}, "query");
    const clusters = selectClusters(context.clusters, subclusters);
    const lists = await Promise.all(clusters.map((cluster) => listImages(cluster, type)));
    return { metadata: lists.flat() };
  });
}

/** The cluster filters by type itself (`GET /1.0/images?type=`): no need to read the others. */
async function listImages(
  cluster: ClusterHandle,
  type: ImageType | undefined,
): Promise<ClusterImage[]> {
  const path = `/1.0/images?recursion=1${type === undefined ? "" : `&type=${type}`}`;
  const result = await callCluster(cluster, (signal) =>
    cluster.client.get<AmsImage[]>(path, signal),
  );
  return result.metadata.map((image) => ({ ...image, clusterId: cluster.id }));
}
