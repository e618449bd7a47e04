import type { FastifyInstance } from "fastify";
import {
  applicationUploadFieldsSchema,
  type ApplicationUploadResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { registerUploadRoute } from "../../uploads/upload-route.ts";
import { readManifestField } from "../../uploads/application-manifest.ts";
import { applicationUploadLimits, sendApplicationPackage } from "./send-package.ts";

/**
 * `POST /api/applications?clusterId=`: a new application from multipart fields `manifest`
 * (manifest.yaml's text), `instanceType` (container or vm) and the file `apk`, sent in that
 * order. The manifest is checked before the APK is read; the APK is streamed to the cluster's
 * `POST /1.0/applications` inside a package zipped on the fly. 202 with the new application's id
 * (`/applications/{clusterId}/{id}` shows it) and the operation that bootstraps it.
 */
export async function registerApplicationCreateRoute(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await registerUploadRoute(app, {
    url: "/api/applications",
    fields: applicationUploadFieldsSchema,
    what: "application upload",
    ...applicationUploadLimits(context.config.uploadMaxBytes),
    handle: async (request, reply, upload): Promise<ApplicationUploadResponse> => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      readManifestField(upload.fields.manifest);
      const answer = await sendApplicationPackage(cluster, {
        method: "POST",
        path: `/1.0/applications?vm=${String(upload.fields.instanceType === "vm")}`,
        manifestText: upload.fields.manifest,
        upload,
      });
      void reply.code(202);
      return answer;
    },
  });
}
