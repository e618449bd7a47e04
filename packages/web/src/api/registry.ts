import type {
  ClusterOperation,
  RegistryApplicationsResponse,
  RegistryApplicationView,
  RegistryMode,
  RegistryOperationResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { RegistryApplicationsResponse, RegistryApplicationView, RegistryMode };

// The `/api/registry` calls: the application registry as one cluster sees it, and the manual
// push, pull and delete. A cluster's refusal (automatic mode, no published version, unknown
// application) arrives as an ApiError with its message.

/** `GET /api/registry/applications?clusterId=`: the first cluster's registry when none is named. */
export function fetchRegistryApplications(
  clusterId: string | undefined,
  signal?: AbortSignal,
): Promise<RegistryApplicationsResponse> {
  return apiFetch<RegistryApplicationsResponse>("/api/registry/applications", {
    signal,
    params: { clusterId },
  });
}

/** `POST /api/registry/applications/push?clusterId=`: an application of that cluster, by id. */
export async function pushRegistryApplication(
  clusterId: string,
  id: string,
  idempotencyKey: string,
): Promise<ClusterOperation> {
  const body = await apiFetch<RegistryOperationResponse>("/api/registry/applications/push", {
    method: "POST",
    params: { clusterId },
    body: { id },
    idempotencyKey,
  });
  return body.metadata;
}

/** `POST /api/registry/applications/pull?clusterId=`: a registry application into that cluster. */
export async function pullRegistryApplication(
  clusterId: string,
  id: string,
  idempotencyKey: string,
): Promise<ClusterOperation> {
  const body = await apiFetch<RegistryOperationResponse>("/api/registry/applications/pull", {
    method: "POST",
    params: { clusterId },
    body: { id },
    idempotencyKey,
  });
  return body.metadata;
}

/** `DELETE /api/registry/applications/{id}?clusterId=`: from the registry that cluster uses. */
export async function deleteRegistryApplication(
  clusterId: string,
  id: string,
): Promise<ClusterOperation> {
  const body = await apiFetch<RegistryOperationResponse>(
    `/api/registry/applications/${encodeURIComponent(id)}`,
    { method: "DELETE", params: { clusterId } },
  );
  return body.metadata;
}
