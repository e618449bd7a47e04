import type { FastifyInstance, FastifyReply } from "fastify";
import {
  applicationDeleteBodySchema,
  applicationManifestQuerySchema,
  applicationPatchSchema,
  applicationVersionNumberSchema,
  applicationVersionPatchSchema,
  type ApplicationOperationResponse,
  type AmsOperation,
  type ApplicationResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { parseInput } from "../../input/parse-input.ts";
import { callAboutApplication, readApplication } from "./read-application.ts";
import {
  changeApplication,
  changeApplicationVersion,
  deleteApplication,
  deleteApplicationVersion,
  readApplicationManifest,
} from "../../ams/applications.ts";
import { acts } from "../../auth/route-acts.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { z } from "zod";
import { idParams } from "../../input/route-schemas.ts";
import { ownerShown } from "../../auth/owners.ts";

const versionParams = z
  .object({ id: z.string().min(1), versionNumber: z.string() })
  .describe("path");

/**
 * One application of one cluster (`?clusterId=`): read it with its versions (404 when the cluster
 * has none by that id: deleted, which the onboarding tour relies on), read a manifest, change it,
 * publish or unpublish a version, delete a version or the whole application. Each write answers
 * 202 with the cluster's operation, which the events then follow to its end; a cluster's refusal
 * (a version in use, the only version, a name taken) keeps its status and words.
 */
export function registerApplicationRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const clusterOf = (query: unknown): ClusterHandle =>
    requireCluster(context.clusters, clusterIdOf(query));
  const versionOf = (versionNumber: string): number =>
    parseInput(applicationVersionNumberSchema, versionNumber, "application version");
  /** Sends a write about application `id` to the request's cluster; answers its operation (202). */
  const startOperation = async (
    query: unknown,
    id: string,
    reply: FastifyReply,
    write: (cluster: ClusterHandle) => Promise<AmsOperation>,
  ): Promise<ApplicationOperationResponse> => {
    const cluster = clusterOf(query);
    const operation = await callAboutApplication(cluster, id, () => write(cluster));
    void reply.code(202);
    return { metadata: { ...operation, clusterId: cluster.id } };
  };

  const view = acts.onResource("application", "can_view");
  app.get(
    "/api/applications/:id",
    { schema: { params: idParams }, config: { acts: view, answersEntitlements: true } },
    async (request): Promise<ApplicationResponse> => {
      const cluster = clusterOf(request.query);
      const application = await readApplication(cluster, request.params.id);
      const owner = await ownerShown(context.db, `application:${cluster.id}/${application.id}`);
      return { metadata: { ...application, owner } };
    },
  );

  // The manifest.yaml of the latest version, or of `?version=`, as the text the cluster keeps.
  app.get(
    "/api/applications/:id/manifest",
    { schema: { params: idParams }, config: { acts: view } },
    async (request, reply) => {
      const { clusterId, version } = parseInput(
        applicationManifestQuerySchema,
        request.query ?? {},
        "query",
      );
      const cluster = requireCluster(context.clusters, clusterId);
      const { id } = request.params;
      const text = await callAboutApplication(cluster, id, () =>
        readApplicationManifest(cluster, id, version),
      );
      return reply.type("text/yaml; charset=utf-8").send(text);
    },
  );

  // Changing a version's fields (boot activity, watchdog, ...) makes a new version in the
  // cluster; the others (tags, resources, image, ...) change the application itself.
  app.patch(
    "/api/applications/:id",
    {
      schema: { params: idParams, body: applicationPatchSchema.describe("application update") },
      config: { acts: acts.onResource("application", "can_edit") },
    },
    async (request, reply): Promise<ApplicationOperationResponse> => {
      return startOperation(request.query, request.params.id, reply, (cluster) =>
        changeApplication(cluster, request.params.id, request.body),
      );
    },
  );

  app.delete(
    "/api/applications/:id",
    {
      schema: {
        params: idParams,
        body: applicationDeleteBodySchema.describe("application delete"),
      },
      config: { acts: acts.onResource("application", "can_delete") },
    },
    async (request, reply): Promise<ApplicationOperationResponse> => {
      return startOperation(request.query, request.params.id, reply, (cluster) =>
        deleteApplication(cluster, request.params.id, request.body?.force ?? false),
      );
    },
  );

  app.patch(
    "/api/applications/:id/:versionNumber",
    {
      schema: {
        params: versionParams,
        body: applicationVersionPatchSchema.describe("version update"),
      },
      config: { acts: acts.onResource("application", "can_publish") },
    },
    async (request, reply): Promise<ApplicationOperationResponse> => {
      const version = versionOf(request.params.versionNumber);
      return startOperation(request.query, request.params.id, reply, (cluster) =>
        changeApplicationVersion(cluster, request.params.id, version, request.body),
      );
    },
  );

  app.delete(
    "/api/applications/:id/:versionNumber",
    {
      schema: {
        params: versionParams,
        body: applicationDeleteBodySchema.describe("version delete"),
      },
      config: { acts: acts.onResource("application", "can_edit") },
    },
    async (request, reply): Promise<ApplicationOperationResponse> => {
      const version = versionOf(request.params.versionNumber);
      return startOperation(request.query, request.params.id, reply, (cluster) =>
        deleteApplicationVersion(cluster, request.params.id, version, request.body?.force ?? false),
      );
    },
  );
}
