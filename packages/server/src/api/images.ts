import { z } from "zod";
import type { FastifyInstance } from "fastify";
import {
  imageImportBodySchema,
  imagePatchBodySchema,
  imageUploadFieldsSchema,
  imageUploadFileField,
  imagesListQuerySchema,
  imageVersionParamSchema,
  type ClusterImage,
  type ImageOperationResponse,
  type ImageResponse,
  type ImagesListOrderBy,
  type ImagesListParsed,
  type ImagesListResponse,
  type ImageUsedByResponse,
  type ImageUser,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { requireCluster, selectClusters } from "../clusters/choose-cluster.ts";
import { listEachCluster, unreachablePart } from "../clusters/each-cluster.ts";
import {
  changeImage,
  deleteImage,
  deleteImageVersion,
  getImage,
  importImage,
  listImages,
  listInstancesOfImage,
  uploadImage,
} from "../ams/images.ts";
import { getApplicationSummary } from "../ams/applications.ts";
import { clusterIdOf } from "../input/query-values.ts";
import { listQuery } from "../input/route-schemas.ts";
import { parseInput } from "../input/parse-input.ts";
import { registerUploadRoute } from "../uploads/upload-route.ts";
import { acts } from "../auth/route-acts.ts";
import { ownerShown, recordOperationCreator } from "../auth/owners.ts";
import { accessOf } from "../auth/access.ts";
import { pageInMemory, sortInMemory } from "../clusters/in-memory-page.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { idParams } from "../input/route-schemas.ts";

/** How many instances "Used by" names at most (the total says how many there are). */
const usedByInstancesLimit = 100;

/**
 * The images of the clusters (`/1.0/images`): a page of the list, one image, import one by name or
 * upload a package, make one the default of its type, sync it, delete it or one of its versions,
 * and what uses it. Each write answers 202 with the cluster's operation, which the events then
 * follow to its end; the cluster's refusals (an unknown name, a name taken, an image applications
 * use, the only version) come back as its 4xx with its reason.
 */
export async function registerImagesRoutes(
  scope: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  const app = scope.withTypeProvider<ZodSchemas>();
  const clusterOf = (query: unknown) => requireCluster(context.clusters, clusterIdOf(query));

  app.get(
    "/api/images",
    {
      schema: { querystring: listQuery(imagesListQuerySchema, "image list query") },
      config: { acts: acts.onEachItem("image", "can_view"), answersEntitlements: true },
    },
    async (request): Promise<ImagesListResponse> => {
      const query = request.query;
      const access = accessOf(request);
      const clusters = selectClusters(access.visibleClusters(context.clusters), query.subclusters);
      const { items, unreachable } = await listEachCluster(clusters, (cluster) =>
        imagesOf(cluster, query),
      );
      const viewable = access.viewable("image", items);
      return { ...pageOfImages(viewable, query), ...unreachablePart(unreachable) };
    },
  );

  const view = acts.onResource("image", "can_view");
  app.get(
    "/api/images/:id",
    { schema: { params: idParams }, config: { acts: view, answersEntitlements: true } },
    async (request): Promise<ImageResponse> => {
      const cluster = clusterOf(request.query);
      const image = await getImage(cluster, request.params.id);
      const owner = await ownerShown(context.db, `image:${cluster.id}/${image.id}`);
      return { metadata: { ...image, clusterId: cluster.id, owner } };
    },
  );

  // Import from the cluster's image server: 404 names the images it has, 409 a name taken.
  app.post(
    "/api/images",
    {
      schema: { body: imageImportBodySchema.describe("image import") },
      config: { idempotent: true, acts: acts.onCluster("can_create_images") },
    },
    async (request, reply): Promise<ImageOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = request.body;
      const operation = await importImage(cluster, body);
      await recordOperationCreator(context.db, request, "image", cluster.id, operation);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  // Upload a package (a tar, plain, gzip or bzip2, with a top-level metadata.yaml), streamed
  // through to the cluster as it arrives; the cluster checks the package and answers 400 when it
  // is not one. No call timeout: a large package takes as long as the network does.
  await registerUploadRoute(app, {
    url: "/api/images/upload",
    acts: acts.onCluster("can_create_images"),
    fields: imageUploadFieldsSchema,
    fileField: imageUploadFileField,
    what: "image upload",
    maxBytes: context.config.uploadMaxBytes,
    handle: async (request, reply, upload): Promise<ImageOperationResponse> => {
      const cluster = clusterOf(request.query);
      const operation = await uploadImage(cluster, {
        body: upload.file,
        maxBytes: upload.maxBytes,
        signal: upload.signal,
        request: upload.fields,
      });
      await recordOperationCreator(context.db, request, "image", cluster.id, operation);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  });

  app.patch(
    "/api/images/:id",
    {
      schema: { params: idParams, body: imagePatchBodySchema.describe("image update") },
      config: { acts: acts.onResource("image", "can_edit") },
    },
    async (request, reply): Promise<ImageOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = request.body;
      const operation = await changeImage(cluster, request.params.id, body);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  app.delete(
    "/api/images/:id",
    { schema: { params: idParams }, config: { acts: acts.onResource("image", "can_delete") } },
    async (request, reply): Promise<ImageOperationResponse> => {
      const cluster = clusterOf(request.query);
      const operation = await deleteImage(cluster, request.params.id);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  app.delete(
    "/api/images/:id/versions/:version",
    {
      schema: { params: imageVersionParams },
      config: { acts: acts.onResource("image", "can_edit") },
    },
    async (request, reply): Promise<ImageOperationResponse> => {
      const cluster = clusterOf(request.query);
      const version = parseInput(imageVersionParamSchema, request.params.version, "image version");
      const operation = await deleteImageVersion(cluster, request.params.id, version);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  app.get(
    "/api/images/:id/used-by",
    { schema: { params: idParams }, config: { acts: view } },
    async (request): Promise<ImageUsedByResponse> => {
      const cluster = clusterOf(request.query);
      const access = accessOf(request);
      const image = await getImage(cluster, request.params.id);
      // Only what the user may view uses it, as far as they are told: the others stay unnamed.
      const applications = await Promise.all(
        image.used_by
          .filter((id) => access.allows("can_view", `application:${cluster.id}/${id}`))
          .map((id) => getApplicationSummary(cluster, id)),
      );
      const wholeCluster = access.allows("can_view", `cluster:${cluster.id}`);
      const listed = await listInstancesOfImage(cluster, image.id, usedByInstancesLimit);
      const instances = wholeCluster
        ? listed
        : {
            metadata: access.viewable(
              "instance",
              listed.metadata.map((instance) => ({ ...instance, clusterId: cluster.id })),
            ),
            totalSize: undefined,
          };
      return {
        metadata: {
          applications: sortInMemory(
            applications.map((application): ImageUser => ({
              id: application.id,
              name: application.name,
              status: application.status,
            })),
            { column: (user) => user.name.toLowerCase(), order: "asc", ties: (user) => [user.id] },
          ),
          instances: instances.metadata.map((instance): ImageUser => ({
            id: instance.id,
            name: instance.name,
            status: instance.status,
            image_version: instance.image_version,
          })),
          instances_total: instances.totalSize ?? instances.metadata.length,
        },
      };
    },
  );
}

/** The images of one cluster; the cluster filters by type itself (`GET /1.0/images?type=`). */
async function imagesOf(cluster: ClusterHandle, query: ImagesListParsed): Promise<ClusterImage[]> {
  const images = await listImages(cluster, query.type);
  return images.map((image) => ({ ...image, clusterId: cluster.id }));
}

/**
 * The page of images the query asks for. A cluster holds tens of images, not thousands: they are
 * read whole and filtered, sorted and paged here, by name, cluster and id after the sort key so
 * that the order is the same from request to request.
 */
export function pageOfImages(images: readonly ClusterImage[], query: ImagesListParsed) {
  const search = query.search?.toLowerCase();
  const statuses = query.status !== undefined && query.status.length > 0 ? query.status : undefined;
  const matching = images.filter(
    (image) =>
      (search === undefined || image.name.toLowerCase().includes(search)) &&
      (statuses === undefined || statuses.some((status) => status === image.status)),
  );
  const sorted = sortInMemory(matching, {
    column: sortKeyOf(query.orderBy),
    order: query.order,
    ties: (image) => [image.name.toLowerCase(), image.clusterId, image.id],
  });
  return pageInMemory(sorted, query);
}

/** An image version's path: the version is read by the route, which says what a bad one is. */
const imageVersionParams = z
  .object({ id: z.string().min(1), version: z.string() })
  .describe("path");

function sortKeyOf(orderBy: ImagesListOrderBy): (image: ClusterImage) => string | number {
  switch (orderBy) {
    case "name":
      return (image) => image.name.toLowerCase();
    case "type":
      return (image) => image.type;
    case "status":
      return (image) => image.status;
    case "size":
      return (image) => image.versions.at(-1)?.size ?? 0;
    case "created_at":
      return (image) => Math.min(...image.versions.map((version) => version.created_at));
  }
}
