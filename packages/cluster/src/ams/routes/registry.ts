import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { registryApplicationTransferSchema } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { sendOperation } from "../../http/async-response.ts";
import { findApplication } from "../../applications/application-store.ts";
import { listRegistryApplications, registryRoot } from "../../registry/registry-store.ts";
import {
  deleteFromRegistry,
  pullFromRegistry,
  pushToRegistry,
  registerRegistryOperations,
} from "../../registry/registry-operations.ts";

const idParamsSchema = z.object({ id: z.string().min(1) });

/**
 * The application registry (reference 2.7): a directory shared by the clusters of this machine.
 * `id` may come in the JSON body (`{id}`) or, as the swagger lists it, as a query parameter.
 */
export function registerRegistryRoutes(app: FastifyInstance, context: ClusterContext): void {
  registerRegistryOperations(context);

  const transferId = (body: unknown, query: unknown): string => {
    const fromQuery = (query as Record<string, unknown> | undefined)?.id;
    const input =
      typeof fromQuery === "string" && fromQuery !== "" ? { id: fromQuery } : (body ?? {});
    return parseInput(registryApplicationTransferSchema, input, "request").id;
  };

  app.get("/1.0/registry/applications", async () => {
    const applications = await listRegistryApplications(await registryRoot(context));
    return syncResponse(applications, applications.length);
  });

  app.post("/1.0/registry/applications/push", async (request, reply) => {
    const id = transferId(request.body, request.query);
    const application = await findApplication(context.db, id);
    if (!application) throw new HttpError(404, `Application ${id} not found`);
    return sendOperation(reply, await pushToRegistry(context, application));
  });

  app.post("/1.0/registry/applications/pull", async (request, reply) => {
    const id = transferId(request.body, request.query);
    return sendOperation(reply, await pullFromRegistry(context, id));
  });

  app.delete("/1.0/registry/applications/:id", async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, "registry application id");
    return sendOperation(reply, await deleteFromRegistry(context, id));
  });
}
