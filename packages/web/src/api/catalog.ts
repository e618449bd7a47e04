import type {
  ApplicationsListResponse,
  ClusterApplication,
  ClusterImage,
  ImagesListResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { ClusterApplication, ClusterImage };

/** What `GET /api/applications` takes. */
export interface ApplicationsQuery {
  page?: number;
  size?: number;
  order?: "asc" | "desc";
  orderBy?: "name" | "created_at";
  search?: string;
  /** The cluster to list (all when absent). */
  subclusters?: string;
}

/** `GET /api/applications`: a page of the clusters' applications (by name unless told). */
export function fetchApplications(
  query: ApplicationsQuery = {},
  signal?: AbortSignal,
): Promise<ApplicationsListResponse> {
  return apiFetch<ApplicationsListResponse>("/api/applications", {
    signal,
    params: { ...query, search: query.search === "" ? undefined : query.search },
  });
}

/**
 * `GET /api/images`: the images of one type the form picks from, by name, as one page of the
 * largest size (SPEC section 9): a cluster holds tens of images.
 */
export async function fetchImages(
  type?: "container" | "vm",
  signal?: AbortSignal,
): Promise<ClusterImage[]> {
  const body = await apiFetch<ImagesListResponse>("/api/images", {
    signal,
    params: { type, size: 100, orderBy: "name" },
  });
  return body.metadata;
}
