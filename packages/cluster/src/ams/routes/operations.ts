import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ClusterContext } from "../../context.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { textOf } from "@anbox-dashboard/http-kit";

const waitQuerySchema = z.object({
  timeout: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(-1, "must be -1 (no limit) or more")
    .optional(),
});

const operationIdSchema = z.object({ id: z.uuid({ message: "is not an operation id (a UUID)" }) });

/** `GET /1.0/operations`, `GET/DELETE /1.0/operations/{id}`, `GET /1.0/operations/{id}/wait`. */
export function registerOperationRoutes(
  app: FastifyInstance,
  { operations }: ClusterContext,
): void {
  app.get("/1.0/operations", async (request) => {
    const recursion = textOf(request.query, "recursion");
    const all = await operations.list();
    if (recursion === "1" || recursion === "true") return syncResponse(all, all.length);
    return syncResponse(
      all.map((operation) => `/1.0/operations/${operation.id}`),
      all.length,
    );
  });

  app.get("/1.0/operations/:id", async (request) => {
    const { id } = parseInput(operationIdSchema, request.params, "operation id");
    const operation = await operations.get(id);
    if (!operation) throw new HttpError(404, `Operation ${id} not found`);
    return syncResponse(operation);
  });

  app.get("/1.0/operations/:id/wait", async (request) => {
    const { id } = parseInput(operationIdSchema, request.params, "operation id");
    const { timeout } = parseInput(waitQuerySchema, request.query, "wait parameters");
    const abort = new AbortController();
    request.raw.once("close", () => {
      abort.abort();
    });
    const operation = await operations.wait(id, timeout ?? -1, abort.signal);
    if (!operation) throw new HttpError(404, `Operation ${id} not found`);
    return syncResponse(operation);
  });

  app.delete("/1.0/operations/:id", async (request) => {
    const { id } = parseInput(operationIdSchema, request.params, "operation id");
    const outcome = await operations.cancel(id);
    switch (outcome) {
      case "not-found":
        throw new HttpError(404, `Operation ${id} not found`);
      case "final":
        throw new HttpError(400, `Operation ${id} has already finished`);
      case "not-cancellable":
        throw new HttpError(400, `Operation ${id} cannot be cancelled`);
      case "cancelling":
        return syncResponse({});
    }
  });
}
