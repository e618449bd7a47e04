import type { FastifyInstance } from "fastify";
import {
  applicationVersionUploadFieldsSchema,
  type ApplicationUploadResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { registerUploadRoute } from "../../uploads/upload-route.ts";
import { readManifestField } from "../../uploads/application-manifest.ts";
import { callAboutApplication } from "./read-application.ts";
import { applicationUploadLimits, sendPackagedApk } from "./send-package.ts";
import { readApplicationManifest } from "../../ams/applications.ts";
import { acts } from "../../auth/route-acts.ts";
import { textOf } from "@anbox-dashboard/http-kit";

/**
 * `POST /api/applications/{id}/version?clusterId=`: a new version of an application from an
 * optional multipart field `manifest` and the file `apk`, streamed to the cluster's
 * `PATCH /1.0/applications/{id}` (a raw package body is a new version there). Without a manifest
 * the version keeps the application's current one, read from the cluster before the APK is. 202
 * with the application's id and the operation that bootstraps the version; 404 when the cluster
 * has no such application.
 */
export async function registerApplicationNewVersionRoute(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await registerUploadRoute(app, {
    url: "/api/applications/:id/version",
    acts: acts.onResource("application", "can_edit"),
    fields: applicationVersionUploadFieldsSchema,
    what: "application version upload",
    ...applicationUploadLimits(context.config.uploadMaxBytes),
    handle: async (request, reply, upload): Promise<ApplicationUploadResponse> => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      const id = textOf(request.params, "id") ?? "";
      const manifestText = upload.fields.manifest ?? (await currentManifest(cluster, id));
      readManifestField(manifestText);
      const answer = await sendPackagedApk(cluster, {
        target: { kind: "version", id },
        manifestText,
        upload,
      });
      void reply.code(202);
      return answer;
    },
  });
}

/** The manifest.yaml of the application's latest version, as the cluster keeps it. */
function currentManifest(cluster: ClusterHandle, id: string): Promise<string> {
  return callAboutApplication(cluster, id, () => readApplicationManifest(cluster, id));
}
