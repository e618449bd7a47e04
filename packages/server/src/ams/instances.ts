import { z } from "zod";
import {
  amsCapacitySchema,
  amsInstanceSchema,
  type AmsCapacity,
  type AmsExecRequest,
  type AmsInstance,
  type AmsOperation,
  type DesiredInstanceStatus,
  type InstancesPost,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { callAndRead, callForOperation, readAnswer } from "./ams-answer.ts";

// A cluster's instances (`/1.0/instances`) and the room it has for more (`/1.0/capacity`).

const instancesPath = "/1.0/instances";

function instancePath(instanceId: string): string {
  return `${instancesPath}/${encodeURIComponent(instanceId)}`;
}

function logsPath(instanceId: string): string {
  return `${instancePath(instanceId)}/logs`;
}

/**
 * `GET /1.0/instances?recursion=1&...`: one page of the cluster's instances as `search` asks
 * (filters, order, limit, offset), each checked, and how many match.
 */
export async function listInstances(
  cluster: ClusterHandle,
  search: URLSearchParams,
): Promise<{ instances: AmsInstance[]; total: number }> {
  const answer = await callAndRead(
    cluster,
    "a list of instances",
    z.array(amsInstanceSchema),
    (signal) => cluster.client.get(`${instancesPath}?${search.toString()}`, signal),
  );
  return { instances: answer.metadata, total: answer.totalSize ?? answer.metadata.length };
}

/** `GET /1.0/instances/{id}` (by id or name): the instance, checked; 404 when there is none. */
export async function readInstance(cluster: ClusterHandle, idOrName: string): Promise<AmsInstance> {
  const answer = await callAndRead(cluster, "an instance", amsInstanceSchema, (signal) =>
    cluster.client.get(instancePath(idOrName), signal),
  );
  return answer.metadata;
}

/** `POST /1.0/instances`: creates one; its operation. */
export function createInstance(
  cluster: ClusterHandle,
  request: InstancesPost,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) => cluster.client.post(instancesPath, request, signal));
}

/** `PATCH /1.0/instances/{id}`: starts or stops one; its operation. */
export function changeInstance(
  cluster: ClusterHandle,
  instanceId: string,
  change: { desired_status: DesiredInstanceStatus },
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.patch(instancePath(instanceId), change, signal),
  );
}

/** `DELETE /1.0/instances/{id}`: removes one (`force`: even a running or protected one). */
export function deleteInstance(
  cluster: ClusterHandle,
  instanceId: string,
  force: boolean,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.delete(instancePath(instanceId), { force }, signal),
  );
}

/** `PATCH /1.0/instances` with `{ids, desired_status}`: starts or stops many; one operation. */
export function changeInstances(
  cluster: ClusterHandle,
  ids: readonly string[],
  desiredStatus: DesiredInstanceStatus,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.patch(instancesPath, { ids, desired_status: desiredStatus }, signal),
  );
}

/** `DELETE /1.0/instances` with `{ids, force}`: removes many; one operation. */
export function deleteInstances(
  cluster: ClusterHandle,
  ids: readonly string[],
  force: boolean,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.delete(instancesPath, { ids, force }, signal),
  );
}

/** The secrets of an interactive exec's two websockets, in its operation's metadata. */
const interactiveExecSchema = z.object({
  fds: z.object({ "0": z.string().min(1), control: z.string().min(1) }),
});

/**
 * `POST /1.0/instances/{id}/exec` (interactive): a command in the instance, in one terminal; its
 * websocket operation and the secrets of its terminal (fd "0") and control sockets.
 */
export async function execInInstance(
  cluster: ClusterHandle,
  instanceId: string,
  exec: AmsExecRequest & { interactive: true },
): Promise<{ operation: AmsOperation; terminal: string; control: string }> {
  const operation = await callForOperation(cluster, (signal) =>
    cluster.client.post(`${instancePath(instanceId)}/exec`, exec, signal),
  );
  const { fds } = readAnswer(cluster, "an exec", interactiveExecSchema, operation.metadata);
  return { operation, terminal: fds["0"], control: fds.control };
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
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}
