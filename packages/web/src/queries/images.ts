import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClusterOperation, ImageImportBody } from "@anbox-dashboard/contract";
import {
  deleteImage,
  deleteImageVersion,
  fetchImage,
  fetchImagesPage,
  fetchImageUsers,
  importImage,
  updateImage,
  uploadImage,
  type ClusterImage,
  type ImageUploadInput,
} from "../api/images.ts";
import type { UploadProgressEvent } from "../api/upload-request.ts";
import { queryKeys } from "../context/query-keys.ts";
import { useOperationMutation } from "./operation-mutation.ts";
import { pagedList } from "./paged-list.ts";

// The images' server data. Lifecycle events (image-created, -updated, -deleted) invalidate every
// ["images"] query, so the list and the detail follow the cluster without a reload.

/** The images list's pages (`pagedList`). */
const imagesPages = pagedList({ key: queryKeys.imagesPage, fetch: fetchImagesPage });
export const useImagesPage = imagesPages.usePage;
export const prefetchImagesPage = imagesPages.prefetch;

/** One image, by its cluster and id. */
function imageQuery(clusterId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.image(clusterId, id),
    queryFn: ({ signal }) => fetchImage(clusterId, id, signal),
  });
}

export function useImage(clusterId: string, id: string) {
  return useQuery(imageQuery(clusterId, id));
}

/** The applications and instances built on an image; asked again each time it is shown. */
function imageUsersQuery(clusterId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.imageUsers(clusterId, id),
    queryFn: ({ signal }) => fetchImageUsers(clusterId, id, signal),
    staleTime: 0,
  });
}

export function useImageUsers(clusterId: string, id: string) {
  return useQuery(imageUsersQuery(clusterId, id));
}

/** What can be done to one image (or, for "delete-version", to one of its versions). */
export type ImageActionInput =
  | { image: ClusterImage; action: "make-default" | "sync" | "delete" }
  | { image: ClusterImage; action: "delete-version"; version: number };

function describeAction(input: ImageActionInput): { doing: string; done: string; failed: string } {
  const name = input.image.name;
  switch (input.action) {
    case "make-default":
      return {
        doing: `Making ${name} the default ${input.image.type} image`,
        done: `${name} is the default ${input.image.type} image`,
        failed: `Could not make ${name} the default`,
      };
    case "sync":
      return { doing: `Syncing ${name}`, done: `Synced ${name}`, failed: `Sync failed: ${name}` };
    case "delete":
      return {
        doing: `Deleting ${name}`,
        done: `Deleted ${name}`,
        failed: `Delete failed: ${name}`,
      };
    case "delete-version":
      return {
        doing: `Deleting version ${String(input.version)} of ${name}`,
        done: `Deleted version ${String(input.version)} of ${name}`,
        failed: `Could not delete version ${String(input.version)} of ${name}`,
      };
  }
}

function runAction(input: ImageActionInput): Promise<ClusterOperation> {
  const { clusterId, id } = input.image;
  switch (input.action) {
    case "make-default":
      return updateImage(clusterId, id, { default: true });
    case "sync":
      return updateImage(clusterId, id, { force_sync: true });
    case "delete":
      return deleteImage(clusterId, id);
    case "delete-version":
      return deleteImageVersion(clusterId, id, input.version);
  }
}

/**
 * Make an image the default of its type, sync it, delete it or one of its versions. The call
 * answers with the cluster's operation at once; the cluster's refusal (instances run on it, the
 * only version) is the mutation's error, which the confirming dialog shows, and a later failure of
 * the operation is told by the events' failure handler. The lists refresh by the lifecycle events the operation announces.
 */
export function useImageAction() {
  return useOperationMutation({
    run: runAction,
    words: describeAction,
    invalidates: [queryKeys.images()],
  });
}

/** An image to add to a cluster: imported by name, or uploaded as a package. */
export type AddImageInput =
  | { how: "import"; clusterId: string; image: ImageImportBody; idempotencyKey: string }
  | {
      how: "upload";
      clusterId: string;
      idempotencyKey: string;
      image: ImageUploadInput;
      signal: AbortSignal;
      onProgress: (progress: UploadProgressEvent) => void;
    };

function addImage(input: AddImageInput): Promise<ClusterOperation> {
  if (input.how === "import") {
    return importImage(input.clusterId, input.image, input.idempotencyKey);
  }
  return uploadImage(input.clusterId, input.image, {
    idempotencyKey: input.idempotencyKey,
    signal: input.signal,
    onProgress: input.onProgress,
  });
}

/**
 * Add an image: the cluster answers with its operation (the image appears, initializing, and the
 * events refresh the list as it becomes active). Its refusal (unknown name, name taken, not a
 * package, too large) is the mutation's error, shown in the form; a failure of the operation
 * later is told by a toast.
 */
export function useAddImage() {
  return useOperationMutation({
    run: addImage,
    words: ({ how, image }: AddImageInput) => ({
      doing: `${how === "import" ? "Importing" : "Uploaded"} ${image.name}`,
      done: `Added ${image.name}`,
      failed: `Could not add ${image.name}`,
    }),
    invalidates: [queryKeys.images()],
  });
}
