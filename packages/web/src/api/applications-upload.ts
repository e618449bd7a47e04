import type {
  ApplicationOperationResponse,
  ApplicationPatch,
  ApplicationUploadResponse,
  ClusterOperation,
  InstanceType,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";
import { uploadRequest, type UploadProgressEvent } from "./upload-request.ts";

// The application form's writes (SPEC section 7): a new application or a new version, uploaded as
// multipart with their progress (the fields first, the APK last: the server streams the file on
// to the cluster as it reads it), and a change of the application's fields.

/** Answer of both uploads: the application (the new one's id), and the cluster's operation. */
type ApplicationUploaded = ApplicationUploadResponse["metadata"];

interface UploadOptions {
  /** The form submission's key: the server makes the application (or version) once per key. */
  idempotencyKey: string;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: UploadProgressEvent) => void) | undefined;
}

const applicationPath = (id: string) => `/api/applications/${encodeURIComponent(id)}`;

/** `POST /api/applications?clusterId=`: multipart `manifest`, `instanceType`, then file `apk`. */
export async function createApplication(
  clusterId: string,
  upload: { manifest: string; instanceType: InstanceType; apk: File },
  options: UploadOptions,
): Promise<ApplicationUploaded> {
  const form = new FormData();
  form.append("manifest", upload.manifest);
  form.append("instanceType", upload.instanceType);
  form.append("apk", upload.apk);
  const body = await uploadRequest<ApplicationUploadResponse>("/api/applications", {
    params: { clusterId },
    form,
    ...options,
  });
  return body.metadata;
}

/** `POST /api/applications/{id}/version?clusterId=`: multipart `manifest`, then file `apk`. */
export async function createApplicationVersion(
  clusterId: string,
  id: string,
  upload: { manifest: string; apk: File },
  options: UploadOptions,
): Promise<ClusterOperation> {
  const form = new FormData();
  form.append("manifest", upload.manifest);
  form.append("apk", upload.apk);
  const body = await uploadRequest<ApplicationUploadResponse>(`${applicationPath(id)}/version`, {
    params: { clusterId },
    form,
    ...options,
  });
  return body.metadata.operation;
}

/** `PATCH /api/applications/{id}?clusterId=`: the changed fields (`applicationPatchSchema`). */
export async function updateApplication(
  clusterId: string,
  id: string,
  patch: ApplicationPatch,
): Promise<ClusterOperation> {
  const body = await apiFetch<ApplicationOperationResponse>(applicationPath(id), {
    method: "PATCH",
    params: { clusterId },
    body: patch,
  });
  return body.metadata;
}
