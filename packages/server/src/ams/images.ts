import type { Readable } from "node:stream";
import { z } from "zod";
import {
  amsImageSchema,
  amsInstanceSummarySchema,
  amsOperationSchema,
  type AmsImage,
  type AmsOperation,
  type ImageUploadFields,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { AmsClientError } from "../clusters/ams-client.ts";
import { clusterFailure } from "../clusters/cluster-call.ts";
import { callAndRead, callForOperation, readAnswer, type CheckedAnswer } from "./ams-answer.ts";

// A cluster's images (`/1.0/images`), and the applications and instances made from one.

const imagesPath = "/1.0/images";

function imagePath(id: string): string {
  return `${imagesPath}/${encodeURIComponent(id)}`;
}

/** `GET /1.0/images?recursion=1[&type=]`: every image, of one type when asked (the cluster filters). */
export async function listImages(cluster: ClusterHandle, type?: string): Promise<AmsImage[]> {
  const query = new URLSearchParams({ recursion: "1" });
  if (type !== undefined) query.set("type", type);
  const answer = await callAndRead(cluster, "a list of images", z.array(amsImageSchema), (signal) =>
    cluster.client.get(`${imagesPath}?${query.toString()}`, signal),
  );
  return answer.metadata;
}

/** `GET /1.0/images/{id}`. */
export async function getImage(cluster: ClusterHandle, id: string): Promise<AmsImage> {
  const answer = await callAndRead(cluster, "an image", amsImageSchema, (signal) =>
    cluster.client.get(imagePath(id), signal),
  );
  return answer.metadata;
}

/** `POST /1.0/images`: the operation importing an image from the cluster's image server. */
export function importImage(cluster: ClusterHandle, body: unknown): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) => cluster.client.post(imagesPath, body, signal));
}

/** `PATCH /1.0/images/{id}`: the operation changing it (default of its type, sync). */
export function changeImage(
  cluster: ClusterHandle,
  id: string,
  change: unknown,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) => cluster.client.patch(imagePath(id), change, signal));
}

/** `DELETE /1.0/images/{id}`. */
export function deleteImage(cluster: ClusterHandle, id: string): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) => cluster.client.delete(imagePath(id), {}, signal));
}

/** `DELETE /1.0/images/{id}/{version}`. */
export function deleteImageVersion(
  cluster: ClusterHandle,
  id: string,
  version: number,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.delete(`${imagePath(id)}/${String(version)}`, {}, signal),
  );
}

/**
 * `POST /1.0/images/` with the package as the body, streamed as it arrives, its name and type in
 * `X-AMS-Request`. No call timeout: a large package takes as long as the network does.
 */
export async function uploadImage(
  cluster: ClusterHandle,
  upload: {
    body: Readable;
    maxBytes: number;
    signal: AbortSignal | undefined;
    request: ImageUploadFields;
  },
): Promise<AmsOperation> {
  try {
    const answer = await cluster.client.sendStream({
      path: `${imagesPath}/`,
      body: upload.body,
      maxBytes: upload.maxBytes,
      signal: upload.signal,
      headers: { "x-ams-request": JSON.stringify(upload.request) },
    });
    return readAnswer(cluster, "an operation", amsOperationSchema, answer.metadata);
  } catch (error) {
    if (!(error instanceof AmsClientError)) throw error;
    throw clusterFailure(cluster, error);
  }
}

/** The first `limit` instances made from an image, by name, and how many there are. */
export function listInstancesOfImage(
  cluster: ClusterHandle,
  imageId: string,
  limit: number,
): Promise<CheckedAnswer<z.output<typeof amsInstanceSummarySchema>[]>> {
  const query = new URLSearchParams({
    recursion: "1",
    image_id: imageId,
    order_by: "name",
    limit: String(limit),
  });
  return callAndRead(cluster, "a list of instances", z.array(amsInstanceSummarySchema), (signal) =>
    cluster.client.get(`/1.0/instances?${query.toString()}`, signal),
  );
}
