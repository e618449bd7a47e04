import { z } from "zod";
import { amsCapacitySchema, type AmsCapacity } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import { ApiError } from "../http/api-error.ts";
import { callAndRead } from "./ams-answer.ts";

// A cluster's instances (`/1.0/instances`) and the room it has for more (`/1.0/capacity`).

const instancesPath = "/1.0/instances";

function logsPath(instanceId: string): string {
  return `${instancesPath}/${encodeURIComponent(instanceId)}/logs`;
}

/** `GET /1.0/instances/{id}/logs`: the instance's stored logs, as the cluster's URLs of them. */
export async function listInstanceLogs(
  cluster: ClusterHandle,
  instanceId: string,
): Promise<string[]> {
  const answer = await callAndRead(cluster, "a list of logs", z.array(z.string()), (signal) =>
    cluster.client.get(logsPath(instanceId), signal),
  );
  return answer.metadata;
}

/** `GET /1.0/instances/{id}/logs/{name}`: one log's text. */
export function readInstanceLog(
  cluster: ClusterHandle,
  instanceId: string,
  name: string,
): Promise<string> {
  return callCluster(cluster, (signal) =>
    cluster.client.getText(`${logsPath(instanceId)}/${encodeURIComponent(name)}`, signal),
  );
}

/**
 * `GET /1.0/capacity?...`: whether the cluster would place an instance of that size now. Undefined
 * when it cannot say: a real AMS has no such call (404, also the answer when `app_id` names no
 * application) or answers it in another shape. Other failures are passed on.
 */
export async function readCapacity(
  cluster: ClusterHandle,
  request: URLSearchParams,
): Promise<AmsCapacity | undefined> {
  try {
    const result = await callCluster(cluster, (signal) =>
      cluster.client.get(`/1.0/capacity?${request.toString()}`, signal),
    );
    const answer = amsCapacitySchema.safeParse(result.metadata);
    return answer.success ? answer.data : undefined;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return undefined;
    throw error;
  }
}
