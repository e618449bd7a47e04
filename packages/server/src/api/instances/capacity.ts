import type { FastifyInstance } from "fastify";
import {
  capacityQuerySchema,
  type CapacityQuery,
  type InstanceCapacity,
  type InstanceCapacityResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { readCapacity } from "../../ams/instances.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { parseInput } from "../../input/parse-input.ts";
import { acts } from "../../auth/route-acts.ts";

/**
 * `GET /api/instance-capacity?clusterId=&cpus=&memory=&disk_size=[&gpu_slots=&vpu_slots=&app_id=]`:
 * whether the cluster would place an instance of that size now, and the most room of any
 * schedulable node (the cluster's `GET /1.0/capacity`). Not `/api/instances/capacity`: that path
 * is the instance named "capacity", which the form's name check looks up.
 */
export function registerInstanceCapacityRoute(app: FastifyInstance, context: ServerContext): void {
  app.get(
    "/api/instance-capacity",
    { config: { acts: acts.onCluster("can_view") } },
    async (request): Promise<InstanceCapacityResponse> => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      const query = parseInput(capacityQuerySchema, request.query, "capacity query");
      return { metadata: await instanceCapacityOf(cluster, query) };
    },
  );
}

/**
 * The cluster's answer; unknown when it has none (`readCapacity`: a real AMS has no such call,
 * or answers it in another shape; the create then says so). Other failures are passed on.
 */
export async function instanceCapacityOf(
  cluster: ClusterHandle,
  query: CapacityQuery,
): Promise<InstanceCapacity> {
  const unknown: InstanceCapacity = { known: false, clusterId: cluster.id };
  const parameters = new URLSearchParams({
    cpus: String(query.cpus),
    memory: String(query.memory),
    disk_size: String(query.disk_size),
    gpu_slots: String(query.gpu_slots),
    vpu_slots: String(query.vpu_slots),
  });
  if (query.app_id !== undefined) parameters.set("app_id", query.app_id);
  const capacity = await readCapacity(cluster, parameters);
  return capacity === undefined ? unknown : { ...capacity, known: true, clusterId: cluster.id };
}
