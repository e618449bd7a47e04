import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  deviceFileField,
  deviceFileMaxBytes,
  deviceFileNameProblem,
  isApkName,
  type DeviceStateResponse,
} from "@anbox-dashboard/contract";
import { HttpError, textOf } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../../server-context.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { registerUploadRoute } from "../../uploads/upload-route.ts";
import { acts } from "../../auth/route-acts.ts";
import { pushDeviceFile } from "../../ams/device.ts";
import { noteAudit } from "../../audit/audit-note.ts";

/**
 * `POST /api/instances/{id}/device/files?clusterId=` (multipart, one file in `file`): the file
 * into the device's downloads, streamed through to the cluster; an APK is installed. It puts code
 * on the device, so it needs `can_exec`, as the terminal does; the audit entry names the file.
 * A name the device would refuse is refused before a byte of the file is sent on. 200 with the
 * device's state after it.
 */
export async function registerInstanceDeviceFilesRoute(
  scope: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await registerUploadRoute(scope, {
    url: "/api/instances/:id/device/files",
    acts: acts.onResource("instance", "can_exec"),
    fields: z.strictObject({}),
    fileField: deviceFileField,
    what: "file for the device",
    ...(context.config.uploadMaxBytes < deviceFileMaxBytes
      ? { maxBytes: context.config.uploadMaxBytes }
      : { maxBytes: deviceFileMaxBytes, maxBytesSetBy: "the most a device takes in one file" }),
    handle: async (request, _reply, upload): Promise<DeviceStateResponse> => {
      const problem = deviceFileNameProblem(upload.fileName);
      if (problem !== undefined) throw new HttpError(400, problem);
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      const verb = isApkName(upload.fileName) ? "installed" : "pushed";
      noteAudit(request, { detail: `${verb} ${upload.fileName}` });
      return {
        metadata: await pushDeviceFile(cluster, textOf(request.params, "id") ?? "", {
          name: upload.fileName,
          body: upload.file,
          maxBytes: upload.maxBytes,
          signal: upload.signal,
        }),
      };
    },
  });
}
