import type {
  ClusterInstance,
  ClusterOperation,
  InstanceBulkBody,
  InstanceBulkResponse,
  InstanceCapacity,
  InstanceCapacityResponse,
  InstanceExecResponse,
  InstanceLogsResponse,
  InstanceOperationResponse,
  InstanceResponse,
  InstancesListResponse,
  InstancesPost,
} from "@anbox-dashboard/contract";
import { instancesListCall, type InstancesListRequest } from "./instances-list-call.ts";

export type { InstancesListRequest };
import { apiFetch } from "./api-fetch.ts";

export type { ClusterInstance, InstancesListResponse };

// Every call of SPEC section 7 about instances. The server answers them from the clusters; a
// cluster's refusal arrives as an ApiError with the cluster's message.

/** `GET /api/instances`: one page, sorted, filtered and paged in the clusters. */
export function fetchInstances(
  request: InstancesListRequest,
  signal?: AbortSignal,
): Promise<InstancesListResponse> {
  const { path, params } = instancesListCall(request);
  return apiFetch<InstancesListResponse>(path, { signal, params });
}

/** `GET /api/instances/{id}?clusterId=`: by id or by name. */
export async function fetchInstance(
  clusterId: string,
  idOrName: string,
  signal?: AbortSignal,
): Promise<ClusterInstance> {
  const body = await apiFetch<InstanceResponse>(`/api/instances/${encodeURIComponent(idOrName)}`, {
    signal,
    params: { clusterId },
  });
  return body.metadata;
}

/** The size a capacity check asks about: bytes for memory and disk; `app_id` adds its node tags. */
export interface InstanceCapacityRequest {
  cpus: number;
  memory: number;
  disk_size: number;
  gpu_slots: number;
  vpu_slots: number;
  app_id?: string;
}

/**
 * `GET /api/instance-capacity?clusterId=`: whether the cluster would place an instance of that
 * size now, and the most room of any schedulable node; `known: false` when the cluster cannot say.
 */
export async function fetchInstanceCapacity(
  clusterId: string,
  request: InstanceCapacityRequest,
  signal?: AbortSignal,
): Promise<InstanceCapacity> {
  const body = await apiFetch<InstanceCapacityResponse>("/api/instance-capacity", {
    params: { clusterId, ...request },
    signal,
  });
  return body.metadata;
}

/** `PATCH /api/instances/{id}?clusterId=`: start or stop one instance. */
export async function patchInstance(
  clusterId: string,
  id: string,
  desiredStatus: "running" | "stopped",
): Promise<ClusterOperation> {
  const body = await apiFetch<InstanceOperationResponse>(
    `/api/instances/${encodeURIComponent(id)}`,
    { method: "PATCH", params: { clusterId }, body: { desired_status: desiredStatus } },
  );
  return body.metadata;
}

/** `DELETE /api/instances/{id}?clusterId=`. */
export async function deleteInstance(
  clusterId: string,
  id: string,
  force = false,
): Promise<ClusterOperation> {
  const body = await apiFetch<InstanceOperationResponse>(
    `/api/instances/${encodeURIComponent(id)}`,
    { method: "DELETE", params: { clusterId }, body: { force } },
  );
  return body.metadata;
}

/** `PATCH /api/instance_bulk`: start, stop or delete many; answers once the clusters are done. */
export async function bulkUpdateInstances(
  body: InstanceBulkBody,
): Promise<InstanceBulkResponse["metadata"]["results"]> {
  const answer = await apiFetch<InstanceBulkResponse>("/api/instance_bulk", {
    method: "PATCH",
    body,
  });
  return answer.metadata.results;
}

/** `POST /api/instances?clusterId=`: the create request, as AMS takes it. */
export async function createInstance(
  clusterId: string,
  request: InstancesPost,
  idempotencyKey: string,
): Promise<ClusterOperation> {
  const body = await apiFetch<InstanceOperationResponse>("/api/instances", {
    method: "POST",
    params: { clusterId },
    body: request,
    idempotencyKey,
  });
  return body.metadata;
}

/** The id of the instance an operation works on (`resources.instances[0]`: `/1.0/instances/<id>`). */
export function instanceIdOf(operation: ClusterOperation): string | undefined {
  return operation.resources.instances?.[0]?.split("/").at(-1);
}

/** `GET /api/instances/{id}/logs?clusterId=`: the log names, sorted. */
export async function fetchInstanceLogs(
  clusterId: string,
  id: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const body = await apiFetch<InstanceLogsResponse>(
    `/api/instances/${encodeURIComponent(id)}/logs`,
    { signal, params: { clusterId } },
  );
  return body.metadata;
}

/** The path of one log's text (also a download link). */
export function instanceLogPath(clusterId: string, id: string, name: string): string {
  const query = new URLSearchParams({ clusterId });
  return `/api/instances/${encodeURIComponent(id)}/logs/${encodeURIComponent(name)}?${query.toString()}`;
}

/** `GET /api/instances/{id}/logs/{name}?clusterId=`: the log's text. */
export function fetchInstanceLog(
  clusterId: string,
  id: string,
  name: string,
  signal?: AbortSignal,
): Promise<string> {
  return apiFetch(`/api/instances/${encodeURIComponent(id)}/logs/${encodeURIComponent(name)}`, {
    signal,
    params: { clusterId },
    responseType: "text",
  });
}

/** `POST /api/instances/{id}/exec?clusterId=`: a shell of this size; the paths of its sockets. */
export async function execInstance(
  clusterId: string,
  id: string,
  size: { height: number; width: number },
): Promise<InstanceExecResponse["metadata"]> {
  const body = await apiFetch<InstanceExecResponse>(
    `/api/instances/${encodeURIComponent(id)}/exec`,
    { method: "POST", params: { clusterId }, body: size },
  );
  return body.metadata;
}

/** A relay path of the exec answer as a websocket URL on this page's host (wss on https). */
export function relaySocketUrl(
  path: string,
  location: Pick<Location, "protocol" | "host"> = window.location,
): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}
