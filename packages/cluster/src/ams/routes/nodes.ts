import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  nodeDeleteSchema,
  nodeNamePattern,
  nodePatchSchema,
  nodesPostSchema,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import type { ClusterDatabase } from "../../store/database.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { parseListQuery } from "../../http/list-query.ts";
import { checkIfMatch, etagOf, setEtag } from "../../http/etag.ts";
import { sendOperation } from "../../http/async-response.ts";
import { readNodeView } from "../../nodes/node-view.ts";
import { listNodeViews, parseNodeListFilters } from "../../nodes/node-list.ts";
import { newNodeRow } from "../../nodes/new-node.ts";
import { nodeChangesOf } from "../../nodes/node-changes.ts";
import {
  instancesOnNodeMessage,
  nodeCreateKind,
  nodeDeleteKind,
  nodeUpdateKind,
  nodeUrl,
  registerNodeOperations,
  type NodeCreatePayload,
  type NodeDeletePayload,
  type NodeUpdatePayload,
} from "../../nodes/node-operations.ts";

const nodeParamsSchema = z.object({
  name: z.string().regex(nodeNamePattern, "is not a node name (letters, digits and hyphens)"),
});

/**
 * `GET/POST /1.0/nodes`, `GET/PATCH/DELETE /1.0/nodes/{name}`. The list also takes `order_by`,
 * `order`, `search`, `status` and `unschedulable` (extensions of this cluster, as for instances).
 */
export function registerNodesRoutes(app: FastifyInstance, context: ClusterContext): void {
  const { db, operations } = context;
  registerNodeOperations(context);

  app.get("/1.0/nodes", async (request) => {
    const { recursion, limit, offset } = parseListQuery(request.query);
    const filters = parseNodeListFilters(request.query);
    const { views, total } = await listNodeViews(db, filters, { limit, offset });
    return syncResponse(
      recursion ? views.map((view) => view.node) : views.map((view) => nodeUrl(view.node.name)),
      total,
    );
  });

  app.get("/1.0/nodes/:name", async (request, reply) => {
    const name = nodeNameOf(request);
    const view = await readNodeView(db, name);
    if (!view) throw notFound(name);
    setEtag(reply, etagOf("node", name, view.revision));
    return syncResponse(view.node);
  });

  app.post("/1.0/nodes", async (request, reply) => {
    const input = parseInput(nodesPostSchema, request.body, "node");
    const taken = new HttpError(409, `A node named ${input.name} already exists`);
    try {
      await db.transaction().execute(async (tx) => {
        const nodes = await tx.selectFrom("nodes").select(["name", "address"]).execute();
        if (nodes.some((node) => node.name === input.name)) throw taken;
        const addresses = new Set(nodes.map((node) => node.address));
        const now = Math.floor(Date.now() / 1000);
        await tx
          .insertInto("nodes")
          .values(newNodeRow(input, addresses, now))
          .execute();
      });
    } catch (error) {
      // Two requests for one name at once: the second fails on the primary key.
      if (error !== taken && (await nodeExists(db, input.name))) throw taken;
      throw error;
    }
    const operation = await operations.start<NodeCreatePayload>({
      kind: nodeCreateKind,
      description: "Adding node",
      resources: { nodes: [nodeUrl(input.name)] },
      payload: { name: input.name },
    });
    return sendOperation(reply, operation);
  });

  app.patch("/1.0/nodes/:name", async (request, reply) => {
    const name = nodeNameOf(request);
    const patch = parseInput(nodePatchSchema, request.body, "node change");
    const node = await db
      .selectFrom("nodes")
      .select("revision")
      .where("name", "=", name)
      .executeTakeFirst();
    if (!node) throw notFound(name);
    checkIfMatch(request, etagOf("node", name, node.revision));
    const ifMatchSent = (request.headers["if-match"] ?? "") !== "";
    const operation = await operations.start<NodeUpdatePayload>({
      kind: nodeUpdateKind,
      description: "Updating node",
      resources: { nodes: [nodeUrl(name)] },
      payload: {
        name,
        changes: nodeChangesOf(patch),
        ...(ifMatchSent ? { expectedRevision: node.revision } : {}),
      },
    });
    return sendOperation(reply, operation);
  });

  app.delete("/1.0/nodes/:name", async (request, reply) => {
    const name = nodeNameOf(request);
    const { force = false } = parseInput(nodeDeleteSchema, request.body ?? {}, "node removal");
    if (!(await nodeExists(db, name))) throw notFound(name);
    const occupants = await db
      .selectFrom("instances")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("node", "=", name)
      .where("status", "!=", "deleted")
      .executeTakeFirstOrThrow();
    const count = Number(occupants.count);
    if (count > 0 && !force) throw new HttpError(400, instancesOnNodeMessage(name, count));
    const operation = await operations.start<NodeDeletePayload>({
      kind: nodeDeleteKind,
      description: "Removing node",
      resources: { nodes: [nodeUrl(name)] },
      payload: { name, force },
    });
    return sendOperation(reply, operation);
  });
}

function nodeNameOf(request: FastifyRequest): string {
  return parseInput(nodeParamsSchema, request.params, "node name").name;
}

function notFound(name: string): HttpError {
  return new HttpError(404, `Node ${name} not found`);
}

async function nodeExists(db: ClusterDatabase, name: string): Promise<boolean> {
  const row = await db
    .selectFrom("nodes")
    .select("name")
    .where("name", "=", name)
    .executeTakeFirst();
  return row !== undefined;
}
