import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { InstanceLogsResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { listInstanceLogs, readInstanceLog } from "../../ams/instances.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { acts } from "../../auth/route-acts.ts";
import { fieldsOf } from "@anbox-dashboard/http-kit";
import { idParams } from "../../input/route-schemas.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";

const logParams = z.object({ id: z.string().min(1), name: z.string().min(1) }).describe("path");

/**
 * `GET /api/instances/{id}/logs?clusterId=`: the names of the instance's stored logs, sorted (the
 * cluster lists them as URLs). `GET /api/instances/{id}/logs/{name}?clusterId=[&download=1]`: one
 * log's text; with `download=1` the browser saves it under its name.
 */
export function registerInstanceLogsRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const viewLogs = acts.onResource("instance", "can_view_logs");
  app.get(
    "/api/instances/:id/logs",
    { schema: { params: idParams }, config: { acts: viewLogs } },
    async (request): Promise<InstanceLogsResponse> => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      const urls = await listInstanceLogs(cluster, request.params.id);
      const names = urls.map((url) => decodeURIComponent(url.split("/").at(-1) ?? ""));
      return { metadata: names.filter((name) => name !== "").sort() };
    },
  );

  app.get(
    "/api/instances/:id/logs/:name",
    { schema: { params: logParams }, config: { acts: viewLogs } },
    async (request, reply) => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      const download = downloadWanted(request.query);
      const { id, name } = request.params;
      const text = await readInstanceLog(cluster, id, name);
      void reply.type("text/plain; charset=utf-8");
      if (download) {
        void reply.header("content-disposition", `attachment; filename="${headerSafe(name)}"`);
      }
      return text;
    },
  );
}

function downloadWanted(query: unknown): boolean {
  const { download } = fieldsOf(query);
  if (download === undefined || download === "" || download === "0") return false;
  if (download === "1") return true;
  throw new HttpError(400, "Invalid download: use download=1 to save the log as a file.");
}

/**
 * The name as a quoted header value: the cluster only serves names it listed, but a header must
 * not carry quotes, backslashes or anything outside printable ASCII.
 */
function headerSafe(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, "_");
}
