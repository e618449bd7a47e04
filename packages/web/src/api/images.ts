import {
  imageUploadFileField,
  type ClusterImage,
  type ClusterOperation,
  type ImageImportBody,
  type ImageOperationResponse,
  type ImageResponse,
  type ImagesListParsed,
  type ImagesListResponse,
  type ListRequest,
  type ImageType,
  type ImageUsedByResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";
import { uploadRequest, type UploadProgressEvent } from "./upload-request.ts";
import { joinedParam, pageParams } from "./api-url.ts";

export type { ClusterImage, ImagesListResponse };
export type ImageUsers = ImageUsedByResponse["metadata"];

// The calls about images. The server answers them from the clusters; a cluster's refusal (an
// image applications use, the only version) arrives as an ApiError with the cluster's message.

/** What a page of the images list asks for: the query of `GET /api/images`, parsed. */
export type ImagesListRequest = ListRequest<ImagesListParsed>;

/** `GET /api/images`: one page, filtered, sorted and paged in the server. */
export function fetchImagesPage(
  request: ImagesListRequest,
  signal?: AbortSignal,
): Promise<ImagesListResponse> {
  return apiFetch<ImagesListResponse>("/api/images", {
    signal,
    params: {
      ...pageParams(request),
      type: request.type,
      status: joinedParam(request.status),
      subclusters: joinedParam(request.clusterIds),
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

/** `POST /api/images?clusterId=`: imports an image by name from the cluster's image server. */
export async function importImage(
  clusterId: string,
  image: ImageImportBody,
  idempotencyKey: string,
): Promise<ClusterOperation> {
  const body = await apiFetch<ImageOperationResponse>("/api/images", {
    method: "POST",
    params: { clusterId },
    body: image,
    idempotencyKey,
  });
  return body.metadata;
}

/** What an image package upload sends besides the file. */
export interface ImageUploadInput {
  name: string;
  type: ImageType;
  default: boolean;
  file: File;
}

/**
 * `POST /api/images/upload?clusterId=`: uploads an image package (multipart: the fields, then the
 * file), reporting its progress; the server streams it on to the cluster.
 */
export async function uploadImage(
  clusterId: string,
  image: ImageUploadInput,
  options: {
    idempotencyKey: string;
    signal?: AbortSignal | undefined;
    onProgress?: ((progress: UploadProgressEvent) => void) | undefined;
  },
): Promise<ClusterOperation> {
  const form = new FormData();
  form.append("name", image.name);
  form.append("type", image.type);
  form.append("default", String(image.default));
  form.append(imageUploadFileField, image.file);
  const body = await uploadRequest<ImageOperationResponse>("/api/images/upload", {
    params: { clusterId },
    form,
    ...options,
  });
  return body.metadata;
}
