import type {
  ClusterImage,
  ClusterOperation,
  ImageOperationResponse,
  ImageResponse,
  ImagesListOrderBy,
  ImagesListResponse,
  ImageStatus,
  ImageType,
  ImageUsedByResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { ClusterImage, ImagesListResponse };
export type ImageUsers = ImageUsedByResponse["metadata"];

// The calls about images. The server answers them from the clusters; a cluster's refusal (an
// image applications use, the only version) arrives as an ApiError with the cluster's message.

/** What a page of the images list asks for (the query of `GET /api/images`). */
export interface ImagesListRequest {
  page: number;
  size: number;
  order: "asc" | "desc";
  orderBy: ImagesListOrderBy;
  /** A part of the name. */
  search?: string;
  type?: ImageType;
  status?: readonly ImageStatus[];
}

/** `GET /api/images`: one page, filtered, sorted and paged in the server. */
export function fetchImagesPage(
  request: ImagesListRequest,
  signal?: AbortSignal,
): Promise<ImagesListResponse> {
  return apiFetch<ImagesListResponse>("/api/images", {
    signal,
    params: {
      page: request.page,
      size: request.size,
      order: request.order,
      orderBy: request.orderBy,
      search: request.search === "" ? undefined : request.search,
      type: request.type,
      status: request.status && request.status.length > 0 ? request.status.join(",") : undefined,
    },
  });
}

const imagePath = (id: string) => `/api/images/${encodeURIComponent(id)}`;

/** `GET /api/images/{id}?clusterId=`. */
export async function fetchImage(
  clusterId: string,
  id: string,
  signal?: AbortSignal,
): Promise<ClusterImage> {
  const body = await apiFetch<ImageResponse>(imagePath(id), { signal, params: { clusterId } });
  return body.metadata;
}

/** `GET /api/images/{id}/used-by?clusterId=`: the applications and instances built on it. */
export async function fetchImageUsers(
  clusterId: string,
  id: string,
  signal?: AbortSignal,
): Promise<ImageUsers> {
  const body = await apiFetch<ImageUsedByResponse>(`${imagePath(id)}/used-by`, {
    signal,
    params: { clusterId },
  });
  return body.metadata;
}

/** `PATCH /api/images/{id}?clusterId=`: make it the default of its type, or sync it. */
export async function updateImage(
  clusterId: string,
  id: string,
  change: { default: true } | { force_sync: true },
): Promise<ClusterOperation> {
  const body = await apiFetch<ImageOperationResponse>(imagePath(id), {
    method: "PATCH",
    params: { clusterId },
    body: change,
  });
  return body.metadata;
}

/** `DELETE /api/images/{id}?clusterId=`. */
export async function deleteImage(clusterId: string, id: string): Promise<ClusterOperation> {
  const body = await apiFetch<ImageOperationResponse>(imagePath(id), {
    method: "DELETE",
    params: { clusterId },
  });
  return body.metadata;
}

/** `DELETE /api/images/{id}/versions/{version}?clusterId=`. */
export async function deleteImageVersion(
  clusterId: string,
  id: string,
  version: number,
): Promise<ClusterOperation> {
  const body = await apiFetch<ImageOperationResponse>(
    `${imagePath(id)}/versions/${String(version)}`,
    { method: "DELETE", params: { clusterId } },
  );
  return body.metadata;
}
