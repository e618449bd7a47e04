import type { FastifyInstance } from "fastify";
import {
  applicationUploadFieldsSchema,
  type ApplicationUploadResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { readApplication } from "../../ams/applications.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { registerUploadRoute } from "../../uploads/upload-route.ts";
import { readManifestField } from "../../uploads/application-manifest.ts";
import { applicationUploadLimits, sendPackagedApk } from "./send-package.ts";
import { acts } from "../../auth/route-acts.ts";
import { recordCreator } from "../../auth/owners.ts";

/**
 * `POST /api/applications?clusterId=`: a new application from multipart fields `manifest`
 * (manifest.yaml's text), `instanceType` (container or vm) and the file `apk`, sent in that
 * order. The manifest, and whether its name is free, are checked before the APK is read; the APK is streamed to the cluster's
 * `POST /1.0/applications` inside a package zipped on the fly. 202 with the new application's id
 * (`/applications/{clusterId}/{id}` shows it) and the operation that bootstraps it.
 */
export async function registerApplicationCreateRoute(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await registerUploadRoute(app, {
    url: "/api/applications",
    acts: acts.onCluster("can_create_applications"),
    fields: applicationUploadFieldsSchema,
    what: "application upload",
    ...applicationUploadLimits(context.config.uploadMaxBytes),
    handle: async (request, reply, upload): Promise<ApplicationUploadResponse> => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      const { name } = readManifestField(upload.fields.manifest);
      await refuseTakenName(cluster, name);
      const answer = await sendPackagedApk(cluster, {
        target: { kind: "new", vm: upload.fields.instanceType === "vm" },
        manifestText: upload.fields.manifest,
        upload,
      });
      await recordCreator(context.db, request, "application", cluster.id, answer.metadata.id);
      void reply.code(202);
      return answer;
    },
  });
}

/**
 * Refuses a name the cluster has already, before the APK is read: the cluster would say so only
 * once the whole package has come (409, in its words). A look-up by name may find an application
 * whose id is that text: only a name counts.
 */
async function refuseTakenName(cluster: ClusterHandle, name: string): Promise<void> {
  try {
    const found = await readApplication(cluster, name);
    if (found.name === name) {
      throw new HttpError(409, `An application named "${name}" already exists`);
    }
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return;
    throw error;
  }
}
