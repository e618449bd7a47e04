import type { FastifyInstance } from "fastify";
import {
  imagesListQuerySchema,
  type AmsImage,
  type ClusterImage,
  type ImagesListResponse,
  type ImageType,
} from "@anbox-dashboard/contract";
import type { AuthContext, ClusterHandle } from "../auth/auth-context.ts";
import { ApiError } from "./api-error.ts";
import { selectClusters } from "./cluster-params.ts";
import { clusterFailure, clusterTimeoutMs } from "./cluster-failure.ts";
import { parseInput } from "./parse-input.ts";

/**
 * `GET /api/images?type=container|vm&subclusters=`: every image of the named clusters (all when
 * none are named), each with its `clusterId`, in configuration order and then in each cluster's
 * own order (oldest first). Not paged: a cluster holds a handful of images.
 */
export function registerImagesRoutes(app: FastifyInstance, context: AuthContext): void {
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
  try {
    const result = await cluster.client.get<AmsImage[]>(
      path,
      AbortSignal.timeout(clusterTimeoutMs),
    );
    return result.metadata.map((image) => ({ ...image, clusterId: cluster.id }));
  } catch (error) {
    throw clusterFailure(cluster, "list its images", error);
  }
}
