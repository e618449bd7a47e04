import type { FastifyInstance } from "fastify";
import {
  applicationsDeleteBodySchema,
  type AmsApplication,
  type ApplicationRef,
  type ApplicationsDeleteResponse,
  type ClusterApplicationDeleteResult,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterFailure } from "../../clusters/cluster-call.ts";
import { deleteApplication, readApplication } from "../../ams/applications.ts";
import { operationFailure, waitForBulkOperation } from "../../clusters/bulk-operation-wait.ts";

import { noSuchApplication } from "./read-application.ts";
import { acts } from "../../auth/route-acts.ts";
import { accessOf, type Access } from "../../auth/access.ts";
import { mapBounded } from "@anbox-dashboard/http-kit";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";

/** Applications deleted at once, over all clusters. */
const deleteConcurrency = 8;

/**
 * `DELETE /api/applications`: many applications, of several clusters, with one result per
 * application (the shape of the instances' bulk results). Each is deleted on its own, so that a
 * refusal (instances still use it, unless `force`) is that application's error with the cluster's
 * reason and the others are deleted all the same; the answer waits for the operations. Each is
 * decided on its own (`can_delete`): one refused is reported with what was missing, one the user
 * may not view as one that does not exist.
 */
export function registerApplicationsBulkDeleteRoute(
  scope: FastifyInstance,
  context: ServerContext,
): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  app.delete(
    "/api/applications",
    {
      schema: { body: applicationsDeleteBodySchema.describe("bulk application delete") },
      config: { acts: acts.onEachItem("application", "can_delete") },
    },
    async (request): Promise<ApplicationsDeleteResponse> => {
      const body = request.body;
      // Every cluster is checked before anything is deleted: an unknown one is a 400 for the call.
      const access = accessOf(request);
      const visible = access.visibleClusters(context.clusters);
      const targets = uniqueRefs(body.applications).map((ref) => ({
        ref,
        cluster: requireCluster(visible, ref.clusterId),
      }));
      const results = await mapBounded(targets, deleteConcurrency, ({ ref, cluster }) =>
        deleteOne(access, cluster, ref.id, body.force ?? false),
      );
      return { metadata: { results } };
    },
  );
}

/** The applications named, each once, in the order first named. */
function uniqueRefs(refs: readonly ApplicationRef[]): ApplicationRef[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = `${ref.clusterId}\u0000${ref.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One application's delete: looked up (for its name, and a 404 of its own), deleted, waited for. */
async function deleteOne(
  access: Access,
  cluster: ClusterHandle,
  ref: string,
  force: boolean,
): Promise<ClusterApplicationDeleteResult> {
  const failed = (name: string, error: string): ClusterApplicationDeleteResult => ({
    id: ref,
    name,
    success: false,
    error,
    clusterId: cluster.id,
  });
  let application: AmsApplication;
  try {
    application = await readApplication(cluster, ref);
  } catch (error) {
    const failure = clusterFailure(cluster, error);
    return failed(
      "",
      failure.statusCode === 404 ? noSuchApplication(cluster, ref).message : failure.message,
    );
  }
  const { id, name } = application;
  const decision = access.decide("can_delete", `application:${cluster.id}/${id}`);
  if (!decision.allowed) {
    return decision.hidden
      ? failed("", noSuchApplication(cluster, ref).message)
      : { ...failed(name, `You may not do this: ${decision.missing}.`), id };
  }
  try {
    const started = await deleteApplication(cluster, id, force);
    const failure = operationFailure(await waitForBulkOperation(cluster, started));
    if (failure !== undefined) return { ...failed(name, failure), id };
    return { id, name, success: true, error: "", clusterId: cluster.id };
  } catch (error) {
    return { ...failed(name, clusterFailure(cluster, error).message), id };
  }
}
