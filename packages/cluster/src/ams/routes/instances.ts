import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  instanceDeleteSchema,
  instancePatchSchema,
  instancesDeleteSchema,
  instancesPatchSchema,
  instancesPostSchema,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import type { InstancesTable } from "../../store/schema.ts";
import { syncListResponseBytes, syncResponse, syncResponseBytes } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { parseListQuery } from "../../http/list-query.ts";
import { checkIfMatch, etagOf, setEtag } from "../../http/etag.ts";
import { sendOperation } from "../../http/async-response.ts";
import { launchInstance } from "../../instances/create-instance.ts";
import { findInstance, loadPublicAddress, requireInstance } from "../../instances/find-instance.ts";
import { instanceUrl, readStoredConfig } from "../../instances/instance-record.ts";
import { InstanceJsonCache } from "../../instances/instance-json-cache.ts";
import { listInstances, parseInstanceFilters } from "../../instances/list-instances.ts";
import { deletionProblem } from "../../instances/lifecycle.ts";
import { instanceLifecycleOf } from "../../instances/lifecycle-registry.ts";
import {
  instanceOperationKinds as kinds,
  registerInstanceOperationKinds,
  startInstanceOperation,
} from "../../instances/instance-operations.ts";
import { reconcileInstances } from "../../instances/reconcile.ts";

interface IdParams {
  Params: { id: string };
}

const instanceEtag = (row: InstancesTable): string => etagOf("instance", row.id, row.revision);

/**
 * `/1.0/instances`: list (filters, sort, paging), create, get, start/stop and protect, delete, and
 * the bulk update and delete of many instances in one operation.
 */
export function registerInstancesRoutes(app: FastifyInstance, context: ClusterContext): void {
  const { db } = context;
  const lifecycle = instanceLifecycleOf(context);
  registerInstanceOperationKinds(context, lifecycle);
  const instanceJson = new InstanceJsonCache();
  // After the operations a previous process left are resumed (startCluster recovers them before
  // it listens), the statuses of the instances nobody works on are made truthful.
  app.addHook("onReady", async () => {
    await reconcileInstances(context, lifecycle);
  });

  app.get("/1.0/instances", async (request, reply) => {
    const page = parseListQuery(request.query);
    const filters = parseInstanceFilters(request.query);
    const { rows, total } = await listInstances(db, filters, page);
    if (!page.recursion)
      return syncResponse(
        rows.map((row) => instanceUrl(row.id)),
        total,
      );
    const items = rows.map((row) => instanceJson.json(row, row.node_public_address ?? ""));
    return reply.type("application/json").send(syncListResponseBytes(items, total));
  });

  app.get<IdParams>("/1.0/instances/:id", async (request, reply) => {
    const row = await requireInstance(db, request.params.id);
    setEtag(reply, instanceEtag(row));
    const json = instanceJson.json(row, await loadPublicAddress(db, row.node));
    return reply.type("application/json").send(syncResponseBytes(json));
  });

  app.post("/1.0/instances", async (request, reply) => {
    const body = parseInput(instancesPostSchema, bodyOf(request), "instance");
    const { operation } = await launchInstance(context, body);
    return sendOperation(reply, operation);
  });

  app.patch<IdParams>("/1.0/instances/:id", async (request, reply) => {
    const patch = parseInput(instancePatchSchema, bodyOf(request), "instance update");
    const protect = patch.config?.security?.delete_protected;
    if (patch.desired_status === undefined && protect === undefined) {
      throw new HttpError(
        400,
        "Nothing to change: give desired_status (running or stopped) or config.security.delete_protected",
      );
    }
    const row = await requireInstance(db, request.params.id);
    checkIfMatch(request, instanceEtag(row));
    if (row.status === "deleted") throw new HttpError(400, `Instance ${row.name} is being deleted`);
    // Applied before answering, so that a delete sent right after the answer sees the protection.
    if (protect !== undefined) await setDeleteProtection(context, row, protect);
    if (patch.desired_status !== undefined) {
      await db
        .updateTable("instances")
        .set((eb) => ({ desired_status: patch.desired_status, revision: eb("revision", "+", 1) }))
        .where("id", "=", row.id)
        .execute();
    }
    const operation =
      patch.desired_status === "running"
        ? await startInstanceOperation(context, kinds.start, "Starting instance", [row.id], {
            id: row.id,
          })
        : patch.desired_status === "stopped"
          ? await startInstanceOperation(context, kinds.stop, "Stopping instance", [row.id], {
              id: row.id,
            })
          : await startInstanceOperation(context, kinds.update, "Updating instance", [row.id], {
              id: row.id,
            });
    return sendOperation(reply, operation);
  });

  // Extension `bulk_update.instances`: one operation; `metadata.results` has one entry per instance.
  app.patch("/1.0/instances", async (request, reply) => {
    const patch = parseInput(instancesPatchSchema, bodyOf(request), "bulk instance update");
    const rows = await requireAll(context, patch.ids);
    const ids = rows.map((row) => row.id);
    await db
      .updateTable("instances")
      .set((eb) => ({ desired_status: patch.desired_status, revision: eb("revision", "+", 1) }))
      .where("id", "in", ids)
      .where("status", "!=", "deleted")
      .execute();
    const starting = patch.desired_status === "running";
    const operation = await startInstanceOperation(
      context,
      kinds.bulkUpdate,
      starting ? "Starting instances" : "Stopping instances",
      ids,
      { ids, desired_status: patch.desired_status },
    );
    return sendOperation(reply, operation);
  });

  app.delete<IdParams>("/1.0/instances/:id", async (request, reply) => {
    const { force } = parseInput(instanceDeleteSchema, bodyOf(request), "instance delete");
    const row = await requireInstance(db, request.params.id);
    checkIfMatch(request, instanceEtag(row));
    const problem = row.status === "deleted" ? undefined : deletionProblem(row, force === true);
    if (problem !== undefined) throw new HttpError(400, problem);
    const operation = await startInstanceOperation(
      context,
      kinds.delete,
      "Deleting instance",
      [row.id],
      {
        ids: [row.id],
      },
    );
    return sendOperation(reply, operation);
  });

  // Extension `bulk_delete.instances`. Like AMS it stops at the first instance that cannot go, but
  // it checks them all before deleting any, so a refused request changes nothing.
  app.delete("/1.0/instances", async (request, reply) => {
    const body = parseInput(instancesDeleteSchema, bodyOf(request), "bulk instance delete");
    const rows = await requireAll(context, body.ids);
    for (const row of rows) {
      const problem =
        row.status === "deleted" ? undefined : deletionProblem(row, body.force === true);
      if (problem !== undefined) throw new HttpError(400, problem);
    }
    const ids = rows.map((row) => row.id);
    const operation = await startInstanceOperation(
      context,
      kinds.delete,
      "Deleting instances",
      ids,
      {
        ids,
      },
    );
    return sendOperation(reply, operation);
  });
}

/** An absent body is an empty one (`DELETE` without `{force}`). */
function bodyOf(request: FastifyRequest): unknown {
  return request.body ?? {};
}

/** The instances named by ids (or names), each once; 404 naming those that do not exist. */
async function requireAll(
  context: ClusterContext,
  refs: readonly string[],
): Promise<InstancesTable[]> {
  const rows = new Map<string, InstancesTable>();
  const missing: string[] = [];
  for (const ref of new Set(refs)) {
    const row = await findInstance(context.db, ref);
    if (row) rows.set(row.id, row);
    else missing.push(ref);
  }
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).map((ref) => `"${ref.slice(0, 80)}"`);
    throw new HttpError(
      404,
      `Instance${missing.length === 1 ? "" : "s"} not found: ${shown.join(", ")}${missing.length > 10 ? ", …" : ""}`,
    );
  }
  return [...rows.values()];
}

async function setDeleteProtection(
  context: ClusterContext,
  row: InstancesTable,
  protect: boolean,
): Promise<void> {
  const config = readStoredConfig(row);
  config.security = { ...config.security, delete_protected: protect };
  await context.db
    .updateTable("instances")
    .set((eb) => ({ config: JSON.stringify(config), revision: eb("revision", "+", 1) }))
    .where("id", "=", row.id)
    .execute();
  context.events.publish({
    type: "lifecycle",
    metadata: {
      action: "instance-updated",
      source: instanceUrl(row.id),
      context: { status: row.status, delete_protected: protect },
    },
  });
}
