import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ClusterContext } from "../../context.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { requireInstance } from "../../instances/find-instance.ts";
import { instanceUrl } from "../../instances/instance-record.ts";
import { listDeviceLogs } from "../../runtime/virtual-device.ts";
import { instanceLogsDir } from "../../runtime/instance-paths.ts";

/**
 * `/1.0/instances/{id}/logs`: the log files the instance's virtual device wrote (boot.log,
 * android.log, system.log), listed as URLs and served as plain text.
 */
export function registerInstanceLogsRoutes(app: FastifyInstance, context: ClusterContext): void {
  const { db, options } = context;

  app.get<{ Params: { id: string } }>("/1.0/instances/:id/logs", async (request) => {
    const row = await requireInstance(db, request.params.id);
    const names = await listDeviceLogs(options.dataDir, row.id);
    return syncResponse(names.map((name) => `${instanceUrl(row.id)}/logs/${name}`));
  });

  app.get<{ Params: { id: string; name: string } }>(
    "/1.0/instances/:id/logs/:name",
    async (request, reply) => {
      const { name } = request.params;
      // The name becomes part of a path: nothing that could leave the logs directory.
      if (name.includes("/") || name.includes("\\") || name.includes("..") || name === "") {
        throw new HttpError(400, `Invalid log name "${name.slice(0, 80)}"`);
      }
      const row = await requireInstance(db, request.params.id);
      const names = await listDeviceLogs(options.dataDir, row.id);
      if (!names.includes(name)) {
        throw new HttpError(
          404,
          `Instance ${row.name} has no log "${name}"${names.length > 0 ? ` (it has ${names.join(", ")})` : ""}`,
        );
      }
      const text = await readFile(join(instanceLogsDir(options.dataDir, row.id), name), "utf8");
      return reply.type("text/plain; charset=utf-8").send(text);
    },
  );
}
