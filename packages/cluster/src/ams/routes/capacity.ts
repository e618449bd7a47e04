import type { FastifyInstance } from "fastify";
import { capacityQuerySchema } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import { roomForInstance } from "../../capacity/room-for-instance.ts";
import { parseInput } from "../../http/validate.ts";
import { syncResponse } from "../envelope.ts";

/**
 * `GET /1.0/capacity?cpus=&memory=&disk_size=[&gpu_slots=&vpu_slots=&app_id=]`: whether an
 * instance of that size would be placed now, and the room left (an extension of the embedded
 * cluster; AMS answers 404). Not under `/1.0/nodes/`, where it would hide a node named "capacity".
 */
export function registerCapacityRoutes(app: FastifyInstance, { db }: ClusterContext): void {
  app.get("/1.0/capacity", async (request) => {
    const query = parseInput(capacityQuerySchema, request.query, "capacity query");
    return syncResponse(await roomForInstance(db, query));
  });
}
