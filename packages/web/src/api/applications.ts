import type {
  ApplicationOperationResponse,
  ApplicationResponse,
  ApplicationsDeleteResponse,
  ApplicationsListParsed,
  ApplicationsListResponse,
  ClusterApplication,
  ClusterApplicationDeleteResult,
  ClusterOperation,
  ListRequest,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";
import { joinedParam, pageParams } from "./api-url.ts";

export type { ClusterApplication, ClusterApplicationDeleteResult };

// The calls about applications of SPEC section 7 the list and the detail page make. The server
// answers them from the clusters; a cluster's refusal (instances still use it, the only version)
// arrives as an ApiError with the cluster's message. The instance form's own pick list is in
// catalog.ts.

/** What a page of the applications list asks for: the query of `GET /api/applications`, parsed. */
export type ApplicationsListRequest = ListRequest<ApplicationsListParsed>;

/** `GET /api/applications`: one page, filtered, sorted and paged in the server. */
export function fetchApplicationsPage(
  request: ApplicationsListRequest,
  signal?: AbortSignal,
): Promise<ApplicationsListResponse> {
  return apiFetch<ApplicationsListResponse>("/api/applications", {
    signal,
    params: {
      ...pageParams(request),
      status: joinedParam(request.status),
      type: request.type,
      subclusters: joinedParam(request.clusterIds),
    },
  });
}

const applicationPath = (id: string) => `/api/applications/${encodeURIComponent(id)}`;
const versionPath = (id: string, version: number) => `${applicationPath(id)}/${String(version)}`;

/** `GET /api/applications/{id}?clusterId=`: with its versions; 404 once it is deleted. */
export async function fetchApplication(
  clusterId: string,
  id: string,
  signal?: AbortSignal,
): Promise<ClusterApplication> {
  const body = await apiFetch<ApplicationResponse>(applicationPath(id), {
    signal,
    params: { clusterId },
  });
  return body.metadata;
}

/** `GET /api/applications/{id}/manifest?clusterId=[&version=]`: the manifest.yaml, as text. */
export function fetchApplicationManifest(
  clusterId: string,
  id: string,
  version: number | undefined,
  signal?: AbortSignal,
): Promise<string> {
  return apiFetch(`${applicationPath(id)}/manifest`, {
    signal,
    params: { clusterId, version },
    responseType: "text",
  });
}

/** `PATCH /api/applications/{id}/{versionNumber}?clusterId=`: publish or unpublish a version. */
export async function publishApplicationVersion(
  clusterId: string,
  id: string,
  version: number,
  published: boolean,
): Promise<ClusterOperation> {
  const body = await apiFetch<ApplicationOperationResponse>(versionPath(id, version), {
    method: "PATCH",
    params: { clusterId },
    body: { published },
  });
  return body.metadata;
}

/** `DELETE /api/applications/{id}?clusterId=`: `force` deletes it while instances use it. */
export async function deleteApplication(
  clusterId: string,
  id: string,
  force: boolean,
): Promise<ClusterOperation> {
  const body = await apiFetch<ApplicationOperationResponse>(applicationPath(id), {
    method: "DELETE",
    params: { clusterId },
    body: force ? { force } : undefined,
  });
  return body.metadata;
}

/** `DELETE /api/applications/{id}/{versionNumber}?clusterId=`. */
export async function deleteApplicationVersion(
  clusterId: string,
  id: string,
  version: number,
): Promise<ClusterOperation> {
  const body = await apiFetch<ApplicationOperationResponse>(versionPath(id, version), {
    method: "DELETE",
    params: { clusterId },
  });
  return body.metadata;
}

/**
 * `DELETE /api/applications`: many applications of several clusters; the server answers once the
 * clusters are done, with one result per application (a refusal does not stop the others).
 */
export async function deleteApplications(
  applications: readonly { id: string; clusterId: string }[],
  force: boolean,
): Promise<ClusterApplicationDeleteResult[]> {
  const body = await apiFetch<ApplicationsDeleteResponse>("/api/applications", {
    method: "DELETE",
    body: { applications, ...(force ? { force } : {}) },
  });
  return body.metadata.results;
}
